/**
 * Knowledge journey (issue 13): a returns policy PDF added on the agent page becomes ready, the
 * agent answers from it in chat (the offline responder quotes the best passage, "According to
 * {title}: …", cited [1]), and the citation opens the passage. A file that only claims to be a
 * PDF is refused with the server's reason, without stopping the real one beside it.
 */
import type { Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { createApprovedUser, type E2eUser } from "./support/api-users";
import { expect, test } from "./support/journey-test";
import { screenshotBothWidths } from "./support/journeys";
import { ON_BOTH_ENGINES } from "./support/journey-apps";

const POLICY_TITLE = "Zephyr Outfitters returns policy";
const RETURNS_SENTENCE =
  "Unworn Zephyr hiking boots may be returned within 45 days for a full refund to the original card.";

/** Two pages, so the citation can say which one the answer came from. */
async function returnsPolicyPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(POLICY_TITLE);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = [
    [
      "About Zephyr Outfitters",
      "We make outdoor clothing in Porto and ship to twelve countries.",
      "Our workshop is open on weekdays from nine to five.",
    ],
    ["Returns and refunds", RETURNS_SENTENCE, "Worn items can be repaired in our workshop for a small fee."],
  ];
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 24, size: 12, font }));
  }
  return Buffer.from(await pdf.save());
}

async function signInWithAgent(page: Page, baseURL: string, user: E2eUser): Promise<string> {
  const login = await page.request.post(`${baseURL}/api/login`, {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok()).toBe(true);
  const created = await page.request.post(`${baseURL}/api/agents`, {
    data: { name: "Rita Returns", gender: "female", role: "Support Agent", speciality: "Returns" },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function chooseFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("region", { name: "Knowledge" }).getByRole("button", { name: "Choose files" }).click();
  await (await chooser).setFiles(files);
}

test(
  "a user adds a returns policy PDF to an agent, asks about it in chat and opens the cited passage",
  { tag: ON_BOTH_ENGINES },
  async ({ page, request, apps }) => {
    const user = await createApprovedUser(request, apps.offline);
    const agentId = await signInWithAgent(page, apps.offline, user);

    await page.goto(`/agents/${agentId}`);
    const knowledge = page.getByRole("region", { name: "Knowledge" });
    await expect(knowledge.getByText("Add files your agent should answer from")).toBeVisible();
    await screenshotBothWidths(page, "knowledge-empty");

    // Two files at once: the real PDF, and text that only claims to be one.
    await chooseFiles(page, [
      { name: "returns-policy.pdf", mimeType: "application/pdf", buffer: await returnsPolicyPdf() },
      { name: "not-really.pdf", mimeType: "application/pdf", buffer: Buffer.from("Just some words, no PDF here.\n") },
    ]);
    const policy = knowledge.getByRole("listitem", { name: POLICY_TITLE });
    await expect(policy.getByText(/^Ready · \d+ passages?$/)).toBeVisible();
    await expect(policy).toContainText("PDF");
    const refused = knowledge.getByRole("listitem", { name: "not-really.pdf" });
    await expect(refused).toContainText("This file is not a real PDF");
    // Nothing was stored for the refused file: the list holds the policy alone.
    await expect(knowledge.getByTestId("knowledge-document")).toHaveCount(1);
    await expect(page.getByRole("status").getByText(`${POLICY_TITLE} is ready`, { exact: false })).toBeAttached();
    await screenshotBothWidths(page, "knowledge-uploaded");
    await refused.getByRole("button", { name: "Dismiss not-really.pdf" }).click();
    await expect(refused).toHaveCount(0);

    await page.goto(`/chat/${agentId}`);
    const messageBox = page.getByLabel(/^Message /);
    await messageBox.fill("Can I return my Zephyr hiking boots, and within how many days?");
    await messageBox.press("Enter");
    const reply = page.locator('[data-role="assistant"]').last();
    await expect(reply).toContainText(`According to ${POLICY_TITLE}:`);
    await expect(reply).toContainText("within 45 days for a full refund");

    const source = reply.getByRole("button", { name: `Source [1] ${POLICY_TITLE} · page 2` });
    // The chips appear once the reply is fully revealed, so they no longer move under the pointer;
    // clicked at once, as the stored reply may replace the streamed one with its dialog open
    // (transcript-keys.test.ts).
    await expect(source).toBeVisible();
    await source.click();
    const passage = page.getByRole("dialog", { name: `[1] ${POLICY_TITLE}` });
    await expect(passage).toBeVisible();
    await expect(passage.getByText("page 2", { exact: true })).toBeVisible();
    await expect(passage).toContainText(RETURNS_SENTENCE);
    await screenshotBothWidths(page, "knowledge-citation");
    await page.keyboard.press("Escape");
    await expect(passage).toHaveCount(0);
    await expect(source).toBeFocused();
    await screenshotBothWidths(page, "knowledge-cited-answer");
  },
);

test("a user pastes text as knowledge, then deletes it after confirming", async ({ page, request, apps }) => {
  const user = await createApprovedUser(request, apps.offline);
  const agentId = await signInWithAgent(page, apps.offline, user);
  await page.goto(`/agents/${agentId}`);
  const knowledge = page.getByRole("region", { name: "Knowledge" });

  await knowledge.getByRole("button", { name: "Paste text" }).click();
  const dialog = page.getByRole("dialog", { name: "Paste text" });
  await dialog.getByRole("button", { name: "Add text" }).click();
  await expect(dialog.getByText("title is required")).toBeVisible();
  await dialog.getByLabel("Title").fill("Shipping FAQ");
  // A message goes as soon as its field is edited.
  await expect(dialog.getByText("title is required")).toHaveCount(0);
  await dialog.getByLabel("Text").fill("Orders leave our Porto workshop within two working days.");
  await screenshotBothWidths(page, "knowledge-paste");
  await dialog.getByRole("button", { name: "Add text" }).click();
  await expect(dialog).toHaveCount(0);

  const faq = knowledge.getByRole("listitem", { name: "Shipping FAQ" });
  await expect(faq.getByText("Ready · 1 passage")).toBeVisible();
  await expect(faq).toContainText("Pasted text");

  await faq.getByRole("button", { name: "Delete Shipping FAQ" }).click();
  await page.getByRole("dialog", { name: "Delete Shipping FAQ?" }).getByRole("button", { name: "Delete" }).click();
  await expect(faq).toHaveCount(0);
  await expect(knowledge.getByText("Add files your agent should answer from")).toBeVisible();
  const listed = await page.request.get(`${apps.offline}/api/agents/${agentId}/knowledge`);
  expect(await listed.json()).toEqual([]);
});

test("files chosen while creating an agent upload on its page once it exists", async ({ page, request, apps }) => {
  const user = await createApprovedUser(request, apps.offline);
  const login = await page.request.post(`${apps.offline}/api/login`, {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok()).toBe(true);

  await page.goto("/create");
  await page.getByLabel("Name *").fill("Kai Knows");
  await page.getByLabel("Gender *").selectOption("male");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Choose files" }).click();
  await (
    await chooser
  ).setFiles([
    {
      name: "care-guide.md",
      mimeType: "text/markdown",
      buffer: Buffer.from("# Care guide\n\nOil the boots twice a year.\n"),
    },
    { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not a document") },
  ]);
  // What could never be read is refused in the form, with the reason; the rest waits for the agent.
  await expect(page.getByRole("alert").filter({ hasText: "photo.png" })).toBeVisible();
  const chosen = page.getByRole("list", { name: "Files to add" });
  await expect(chosen.getByRole("listitem")).toHaveText([/care-guide\.md/]);
  await screenshotBothWidths(page, "knowledge-create-step");
  await page.getByRole("button", { name: "Create Agent" }).click();

  await expect(page).toHaveURL(/\/agents\/[0-9a-f-]{36}$/);
  const knowledge = page.getByRole("region", { name: "Knowledge" });
  await expect(
    knowledge.getByRole("listitem", { name: /^(Care guide|care-guide)$/ }).getByText("Ready · 1 passage"),
  ).toBeVisible();
});
