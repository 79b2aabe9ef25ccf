/**
 * Journey: a reply written in Markdown (issue 23, "replies with code or tables are unreadable").
 * Headings, lists, a table wider than a phone, a quote, inline and fenced code and a link render
 * as the elements they are, safely (no script from the reply runs, links open in a new tab
 * without this one), the code block coloured and with its own Copy button, the table scrolling
 * in its own box at 375 px; readable in the light and dark themes, and the same after a reload.
 * And a regenerated reply is another answer, both kept and reachable with the switcher.
 */
import type { Locator, Page } from "@playwright/test";
import { createApprovedUser } from "./support/api-users";
import { FAKE_MARKDOWN_CODE, FAKE_MARKERS, fakeVersionReply, versionedMessage } from "./support/fake-provider-reply";
import { expect, test } from "./support/journey-test";
import { screenshotBothThemes, screenshotBothWidths } from "./support/journeys";

test.use({ app: "model" });

const messageBox = (page: Page) => page.getByLabel(/^Message /);
const replies = (page: Page) => page.locator('[data-role="assistant"]');

async function openChatWithNewAgent(page: Page, baseURL: string, request: Parameters<typeof createApprovedUser>[0]) {
  const user = await createApprovedUser(request, baseURL);
  const login = await page.request.post(`${baseURL}/api/login`, {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok()).toBe(true);
  const created = await page.request.post(`${baseURL}/api/agents`, {
    data: { name: "Mara Markdown", gender: "female", role: "Sales Coach", speciality: "Pipeline reviews" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/chat/${id}`);
  await expect(page.getByText("Start a conversation with Mara Markdown")).toBeVisible();
}

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press("Enter");
}

/** Every kind of block of FAKE_MARKDOWN_REPLY is on screen as the element it is. */
async function expectEveryBlockRendered(reply: Locator) {
  await expect(reply.getByRole("heading", { level: 2, name: "Pipeline review" })).toBeVisible();
  await expect(reply.getByRole("heading", { level: 3, name: "Next steps" })).toBeVisible();
  await expect(reply.locator("ul > li")).toHaveText(["Call the finance lead", "Send the one-page summary"]);
  await expect(reply.locator("ol > li")).toHaveText(["Qualify", "Propose"]);

  const table = reply.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveCount(8);
  await expect(table.getByRole("columnheader").first()).toHaveText("Account");
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("row", { name: /Northwind/ }).getByRole("cell")).toHaveCount(8);
  await expect(table.getByRole("cell", { name: "$48,000" })).toBeVisible();

  await expect(reply.locator("blockquote")).toHaveText("Customers buy from people who listen.");
  await expect(reply.locator("p > code")).toHaveText("npm run report");

  const code = reply.locator(".code-block pre > code");
  await expect(code).toHaveClass(/language-python/);
  // Coloured once the highlighter has loaded: the keyword and the docstring have classes of their own.
  await expect(code).toHaveClass(/\bhljs\b/);
  await expect(code.locator(".hljs-keyword").first()).toHaveText("def");
  await expect(code.locator(".hljs-string").first()).toContainText("Sum of the open deals.");
  await expect(code).toHaveText(FAKE_MARKDOWN_CODE);

  const link = reply.getByRole("link", { name: "the playbook" });
  await expect(link).toHaveAttribute("href", "https://example.com/playbook");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
  await expect(link).toHaveAttribute("rel", /\bnoreferrer\b/);
}

test("a reply in Markdown shows headings, lists, a table, a quote and code, readable and safe at both widths and in both themes", async ({
  page,
  context,
  request,
  apps,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openChatWithNewAgent(page, apps.model, request);
  await send(page, `Review my pipeline ${FAKE_MARKERS.markdown}`);
  const reply = replies(page).last();
  await expect(reply.getByRole("link", { name: "the playbook" })).toBeVisible();
  await expectEveryBlockRendered(reply);

  // What the reply smuggled in stays inert: the script is gone, the javascript: link is no link.
  await expect(reply.locator("script")).toHaveCount(0);
  await expect(reply.getByText("this trap")).toBeVisible();
  await expect(reply.getByRole("link", { name: "this trap" })).toHaveCount(0);
  // …and does not look like one either.
  await expect(reply.getByText("this trap")).toHaveCSS("text-decoration-line", "none");
  await expect(reply.getByText("this trap")).not.toHaveAttribute("target", /.*/);
  await reply.getByText("this trap").click();
  expect(await page.evaluate(() => (window as unknown as { fakeReplyRan?: unknown }).fakeReplyRan)).toBeUndefined();

  const block = reply.locator(".code-block");
  await block.getByRole("button", { name: "Copy code" }).click();
  await expect(block.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(FAKE_MARKDOWN_CODE);

  // On a phone the wide table scrolls inside its own box; the page itself never gets wider.
  await page.setViewportSize({ width: 375, height: 812 });
  const table = reply.getByRole("table");
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const box = await table.evaluate((element) => {
    const scroller = element.closest(".table-scroll") ?? element;
    return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth };
  });
  expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
  // Its box can be reached with the keyboard, so the arrows scroll it.
  const scroller = reply.getByRole("region", { name: "Table" });
  await expect(scroller).toBeVisible();
  await scroller.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  // Back to its first column for the screenshots.
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBe(0);

  await screenshotBothThemes(page, "chat-markdown");

  // Stored as written: after a reload the same Markdown renders the same elements.
  await page.reload();
  await expectEveryBlockRendered(replies(page).last());
});

test("a regenerated reply is a different answer; the switcher goes back to the first, and both survive a reload", async ({
  page,
  request,
  apps,
}) => {
  await openChatWithNewAgent(page, apps.model, request);
  await send(page, versionedMessage("How do I open a cold call?"));
  const reply = replies(page).last();
  await expect(reply).toContainText(fakeVersionReply(1));

  await reply.getByRole("button", { name: "Regenerate reply" }).click();
  await expect(replies(page)).toHaveCount(1);
  await expect(reply).toContainText(fakeVersionReply(2));
  await expect(reply).not.toContainText(fakeVersionReply(1));
  const versions = reply.getByRole("group", { name: "Versions" });
  await expect(versions).toContainText("2/2");
  await expect(versions.getByRole("button", { name: "Next version" })).toBeDisabled();

  await versions.getByRole("button", { name: "Previous version" }).click();
  await expect(versions).toContainText("1/2");
  await expect(reply).toContainText(fakeVersionReply(1));
  await expect(reply).not.toContainText(fakeVersionReply(2));
  await screenshotBothWidths(page, "chat-regenerated");

  // Both versions are stored: after a reload the chosen one shows, and the other is one click away.
  await page.reload();
  const reloaded = replies(page).last();
  await expect(reloaded).toContainText(fakeVersionReply(1));
  const reloadedVersions = reloaded.getByRole("group", { name: "Versions" });
  await expect(reloadedVersions).toContainText("1/2");
  await reloadedVersions.getByRole("button", { name: "Next version" }).click();
  await expect(reloadedVersions).toContainText("2/2");
  await expect(reloaded).toContainText(fakeVersionReply(2));
  await page.reload();
  await expect(replies(page).last()).toContainText(fakeVersionReply(2));
  await expect(replies(page)).toHaveCount(1);
});
