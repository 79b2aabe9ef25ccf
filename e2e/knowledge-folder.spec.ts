/**
 * Knowledge from a whole folder (issue 21): a person chooses a folder of pages with "Choose a
 * folder"; the pages the agent can read are queued (two sent at a time, the server's cap per
 * person), the hidden file is left out silently and the program file is counted in one polite
 * line; one line follows the folder to ready beside each page's own row; then the agent answers
 * in chat from the one page that holds the answer, and cites it.
 *
 * The first upload is held at the network (page.route) until the mid-progress screenshots are
 * taken: without it, ten small pages are ready before a screenshot could be sure to catch them.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Route } from "@playwright/test";
import { createApprovedUser } from "./support/api-users";
import { expect, test } from "./support/journey-test";
import { screenshotBothThemes, screenshotBothWidths } from "./support/journeys";

const WARRANTY_TITLE = "Zephyr tent warranty";
const WARRANTY_SENTENCE = "Every Zephyr tent carries a seven year warranty against torn seams and broken poles.";

const html = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${body}</p></body></html>\n`;

/** Ten pages of a small outdoor manual, in a folder named "manual", plus what a folder also holds. */
const PAGES: Record<string, string> = {
  "backpacks.txt": "Backpacks\n\nAdjust the hip belt before the shoulder straps so the load rests on the hips.\n",
  "boots.md": "# Boot care\n\nOil leather boots twice a year with beeswax and let them dry away from a fire.\n",
  "jackets.md": "# Jackets\n\nWash a rain jacket at thirty degrees and tumble dry it to renew the coating.\n",
  "shipping.md": "# Shipping\n\nOrders leave the Porto workshop within two working days.\n",
  "stoves.txt": "Stoves\n\nLight a gas stove with the valve half open and keep it on level ground.\n",
  "index.html": html("Zephyr field manual", "How to look after the gear we make, page by page."),
  "warranty.html": html(WARRANTY_TITLE, WARRANTY_SENTENCE),
  "guide/maps.html": html("Reading maps", "Contour lines close together mean a steep slope."),
  "guide/sleeping-bags.md": "# Sleeping bags\n\nStore a down sleeping bag loose in a cotton sack, never compressed.\n",
  "guide/water-filters.txt": "Water filters\n\nBackflush the filter after every trip and let it dry open.\n",
  ".DS_Store": "\u0000\u0000\u0000\u0001Bud1",
  "setup.exe": "MZ\u0090\u0000 a program, not a page",
};

async function manualFolder(): Promise<{ root: string; folder: string }> {
  const root = await mkdtemp(join(tmpdir(), "knowledge-folder-"));
  const folder = join(root, "manual");
  await mkdir(join(folder, "guide"), { recursive: true });
  for (const [path, content] of Object.entries(PAGES)) await writeFile(join(folder, path), content);
  return { root, folder };
}

test("a user adds a folder of pages, follows it to ready, and the agent answers from the one page that knows", async ({
  page,
  request,
  apps,
}) => {
  const { root, folder } = await manualFolder();
  try {
    const user = await createApprovedUser(request, apps.offline);
    const login = await page.request.post(`${apps.offline}/api/login`, {
      data: { email: user.email, password: user.password },
    });
    expect(login.ok()).toBe(true);
    const created = await page.request.post(`${apps.offline}/api/agents`, {
      data: { name: "Gus Gear", gender: "male", role: "Support Agent", speciality: "Outdoor gear" },
    });
    expect(created.status()).toBe(201);
    const agentId = ((await created.json()) as { id: string }).id;

    // Hold the first upload (backpacks.txt, first by path) until the screenshots mid-way are taken.
    let heldUpload: (route: Route) => void = () => undefined;
    const held = new Promise<Route>((resolve) => (heldUpload = resolve));
    let holding = true;
    await page.route(`**/api/agents/${agentId}/knowledge`, async (route) => {
      if (route.request().method() === "POST" && holding) {
        holding = false;
        heldUpload(route);
        return;
      }
      await route.continue();
    });

    await page.goto(`/agents/${agentId}`);
    const knowledge = page.getByRole("region", { name: "Knowledge" });
    const chooser = page.waitForEvent("filechooser");
    await knowledge.getByRole("button", { name: "Choose a folder" }).click();
    await (await chooser).setFiles(folder);

    // The program file is counted in one polite line; the hidden file is not mentioned at all.
    const skipped = knowledge.getByRole("status").filter({ hasText: /^Skipped/ });
    await expect(skipped).toHaveText(
      "Skipped 1 file from “manual” that the agent cannot read (.exe). It reads TXT, MD, PDF, DOCX, HTML, CSV.",
    );
    await expect(knowledge.getByRole("listitem", { name: "setup.exe" })).toHaveCount(0);
    await expect(knowledge.getByText(".DS_Store")).toHaveCount(0);

    // Nine pages go through the free place while the first is held: the folder's line says so.
    const progress = knowledge.getByRole("status").filter({ hasText: /from “manual”: \d+ ready|are ready$/ });
    await expect(progress).toHaveText("Adding 10 files from “manual”: 9 ready, 1 to go");
    await expect(knowledge.getByRole("listitem", { name: "backpacks.txt" })).toBeVisible();
    await screenshotBothThemes(page, "knowledge-folder-progress");

    await (await held).continue();
    await expect(progress).toHaveText("All 10 files from “manual” are ready");
    const documents = knowledge.getByTestId("knowledge-document");
    await expect(documents).toHaveCount(10);
    await expect(documents.filter({ hasText: /Ready · \d+ passages?/ })).toHaveCount(10);
    await expect(knowledge.getByTestId("knowledge-upload")).toHaveCount(0);
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshotBothWidths(page, "knowledge-folder-ready-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.unroute(`**/api/agents/${agentId}/knowledge`);

    await page.goto(`/chat/${agentId}`);
    const messageBox = page.getByLabel(/^Message /);
    await messageBox.fill("How many years of warranty does a Zephyr tent carry against torn seams?");
    await messageBox.press("Enter");
    const reply = page.locator('[data-role="assistant"]').last();
    await expect(reply).toContainText(`According to ${WARRANTY_TITLE}:`);
    await expect(reply).toContainText("seven year warranty");
    await expect(reply.getByRole("button", { name: new RegExp(`^Source \\[1\\] ${WARRANTY_TITLE}`) })).toBeVisible();
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
