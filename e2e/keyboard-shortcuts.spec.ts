/**
 * Keyboard shortcuts as ChatGPT taught them: Ctrl+Shift+O starts a new chat, Ctrl+K jumps to
 * conversation search (opening the phone's sheet first), Ctrl+/ lists them in a dialog — and
 * none of them throws away what is being typed in a rename field.
 */
import type { Page } from "@playwright/test";
import { createApprovedUser } from "./support/api-users";
import { expect, test } from "./support/journey-test";
import { screenshotBothThemes } from "./support/journeys";

/** Signs in through the API (the page shares the cookie) with one agent and one conversation. */
async function signInWithConversation(page: Page, baseURL: string) {
  const user = await createApprovedUser(page.request, baseURL);
  const login = await page.request.post(`${baseURL}/api/login`, {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok()).toBe(true);
  const created = await page.request.post(`${baseURL}/api/agents`, {
    data: { name: "Kit Keys", gender: "female", role: "Assistant", speciality: "Shortcuts" },
  });
  expect(created.status()).toBe(201);
  const agentId = ((await created.json()) as { id: string }).id;
  const chat = await page.request.post(`${baseURL}/api/chat/${agentId}`, {
    data: { message: "Plan the Lisbon offsite." },
  });
  expect(chat.status()).toBe(200);
  const conversations = await page.request.get(`${baseURL}/api/conversations`);
  const [conversation] = (await conversations.json()) as { id: string }[];
  return { agentId, conversationId: conversation!.id };
}

test("on a desktop, Ctrl+K focuses search, Ctrl+Shift+O starts a new chat and Ctrl+/ lists the shortcuts", async ({
  page,
  apps,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { agentId, conversationId } = await signInWithConversation(page, apps.offline);
  await page.goto(`/chat/${agentId}?conversation=${conversationId}`);
  const composer = page.getByLabel("Message Kit Keys");
  await composer.fill("half a thought");

  // From the message box: search takes focus and finds the conversation by a word it holds.
  await composer.press("Control+k");
  const sidebar = page.getByRole("complementary", { name: "Past conversations" });
  const search = sidebar.getByRole("searchbox", { name: "Search conversations" });
  await expect(search).toBeFocused();
  await search.pressSequentially("Lisbon");
  await expect(sidebar.getByRole("list", { name: "Search results" }).getByRole("button")).toHaveCount(1);
  await search.fill("");

  // In a rename field the new-chat shortcut does nothing: the title being typed is kept.
  const list = sidebar.getByRole("list", { name: "Conversations" });
  await list.getByRole("listitem").first().hover();
  await sidebar.getByRole("button", { name: /^Rename / }).click();
  const titleField = sidebar.getByLabel("Conversation title");
  await titleField.fill("Lisbon trip");
  await titleField.press("Control+Shift+O");
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveValue("Lisbon trip");
  await expect(page).toHaveURL(new RegExp(`conversation=${conversationId}`));
  await titleField.press("Escape");

  // From the message box, a new chat: the conversation leaves the address.
  await composer.focus();
  await composer.press("Control+Shift+O");
  await expect(page).toHaveURL(new RegExp(`/chat/${agentId}$`));

  // The help: a named dialog, focus inside it, closed by Escape with focus given back.
  await composer.press("Control+/");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help.getByRole("rowheader")).toHaveText([
    "Start a new chat",
    "Search conversations (in a chat)",
    "Show keyboard shortcuts",
  ]);
  await expect(help.getByRole("row", { name: /Start a new chat/ })).toContainText("Ctrl+Shift+O");
  await screenshotBothThemes(page, "shortcuts-help");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  await expect(composer).toBeFocused();

  // Ctrl+/ toggles it, and the sidebar's button opens it for a mouse.
  await page.keyboard.press("Control+/");
  await expect(help).toBeVisible();
  await page.keyboard.press("Control+/");
  await expect(help).toBeHidden();
  await page
    .getByRole("complementary", { name: "Sidebar" })
    .getByRole("button", { name: "Keyboard shortcuts" })
    .click();
  await expect(help).toBeVisible();
  // Behind the open dialog the new-chat shortcut does nothing to the page beneath.
  await page.keyboard.press("Control+Shift+O");
  await expect(help).toBeVisible();
});

test("on a phone, Ctrl+K opens the conversation sheet with its search focused; elsewhere Ctrl+Shift+O goes to the agent picker", async ({
  page,
  apps,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { agentId } = await signInWithConversation(page, apps.offline);
  await page.goto(`/chat/${agentId}`);
  await expect(page.getByLabel("Message Kit Keys")).toBeVisible();
  await page.keyboard.press("Control+k");
  const sheet = page.getByRole("dialog", { name: "Conversations" });
  await expect(sheet.getByRole("searchbox", { name: "Search conversations" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  // Opened again from the header button, the sheet does not jump to search.
  await page.getByRole("button", { name: "Conversations" }).click();
  await expect(sheet.getByRole("searchbox", { name: "Search conversations" })).not.toBeFocused();
  await page.keyboard.press("Escape");

  await page.goto("/dashboard");
  // The shortcuts listen once the signed-in frame is on the page.
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await page.keyboard.press("Control+Shift+O");
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole("heading", { name: "Chat", level: 1 })).toBeVisible();
});
