/**
 * Publishing through the agent's settings (issue 25): an owner publishes an agent on its page
 * (a bad slug and a bad origin are refused under their fields, nothing typed is lost), copies the
 * embed snippet, opens the public page where a guest chats, and the turn shows in analytics
 * under the channel "web"; unpublishing makes the public page answer not found.
 */
import { createApprovedUser } from "./support/api-users";
import { OWNER, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/journey-test";
import { screenshotBothWidths, signInThroughUi } from "./support/journeys";

test("an owner publishes an agent from its settings, copies the snippet, a guest chats on the public page; unpublished, the page is gone", async ({
  page,
  context,
  baseURL,
}) => {
  const appOrigin = new URL(baseURL!).origin;
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appOrigin });
  const owner = await createApprovedUser(page.request, "", { fullName: "Sam Settings" });
  await signInThroughUi(page, owner.email, owner.password);
  const created = await page.request.post("/api/agents", {
    data: { name: "Desk Helper", gender: "female", role: "Reception" },
  });
  const { id } = (await created.json()) as { id: string };
  const slug = `desk-${uniqueEmail("p")
    .replace(/[^a-z0-9]/g, "")
    .slice(0, 20)}`;

  await page.goto(`/agents/${id}`);

  await expect(page.getByRole("heading", { name: "Publishing" })).toBeVisible();
  await expect(page.getByText("Publish and save to get the embed snippet")).toBeVisible();

  // A slug the schema refuses stays in the box, with the error under it; focus lands there.
  await page.getByRole("switch", { name: "Published" }).click();
  const slugBox = page.getByLabel("Slug");
  await slugBox.fill("-Bad slug!");
  await page.getByLabel("Greeting").fill("Welcome! Ask me about opening hours.");
  await page.getByRole("button", { name: "Save publishing" }).click();
  await expect(slugBox).toBeFocused();
  await expect(slugBox).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: /slug may use only/i })).toBeVisible();
  await expect(page.getByLabel("Greeting")).toHaveValue("Welcome! Ask me about opening hours.");
  await screenshotBothWidths(page, "publishing-settings-errors");

  // An origin with a path is refused before it joins the list; a good one is added and removable.
  const originBox = page.getByRole("textbox", { name: "Origin to allow" });
  await originBox.fill("https://shop.example.com/page");
  await originBox.press("Enter");
  await expect(page.getByText(/Enter an origin like https:\/\/shop\.example\.com/)).toBeVisible();
  await originBox.fill("https://Shop.Example.com");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("list", { name: "Allowed origins" }).getByText("https://shop.example.com")).toBeVisible();
  await page.getByRole("combobox", { name: "Position" }).selectOption("bottom-left");
  await slugBox.fill(slug);
  await expect(page.getByText(`${appOrigin}/a/${slug}`)).toBeVisible();
  await page.emulateMedia({ colorScheme: "light" });
  await screenshotBothWidths(page, "publishing-settings-draft");
  await page.getByRole("button", { name: "Save publishing" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved. The agent is published." })).toBeVisible();

  // The snippet and its Copy button.
  const snippet = `<script src="${appOrigin}/widget.js" data-agent="${slug}" async></script>`;
  await expect(page.getByRole("textbox", { name: "Embed snippet" })).toHaveValue(snippet);
  await page.getByRole("button", { name: "Copy snippet" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
  await screenshotBothWidths(page, "publishing-settings-published");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotBothWidths(page, "publishing-settings-published-dark");
  await page.emulateMedia({ colorScheme: "light" });

  // The public page, opened from the link, in a browser with no account.
  const link = page.getByRole("link", { name: /Open the public page/ });
  await expect(link).toHaveAttribute("href", `${appOrigin}/a/${slug}`);
  const guestContext = await page.context().browser()!.newContext({ baseURL });
  const guest = await guestContext.newPage();
  await guest.goto((await link.getAttribute("href"))!);
  await expect(guest.getByRole("heading", { name: "Desk Helper", level: 1 })).toBeVisible();
  await expect(guest.getByText("Welcome! Ask me about opening hours.")).toBeVisible();
  const box = guest.getByRole("textbox", { name: "Message Desk Helper" });
  await box.fill("When do you open on Sunday?");
  await guest.getByRole("button", { name: "Send" }).click();
  const log = guest.getByRole("log");
  await expect(log.getByText("When do you open on Sunday?", { exact: true })).toBeVisible();
  await expect(log.locator(".msg.assistant").nth(1)).not.toBeEmpty();

  // The guest's turn shows in analytics under the channel "web".
  const adminContext = await page.context().browser()!.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInThroughUi(admin, OWNER.email, OWNER.password);
  await admin.goto("/admin-analytics");
  const byChannel = admin.getByRole("figure", { name: "Messages by channel per day" });
  await expect(byChannel).toBeVisible();
  await byChannel.getByText("Show table").click();
  await expect(byChannel.getByRole("columnheader", { name: "Guests · web" })).toBeVisible();
  const today = byChannel.getByRole("row").last();
  await expect(today.getByRole("cell").nth(1)).not.toHaveText("0");
  await screenshotBothWidths(admin, "analytics-by-channel");
  await adminContext.close();

  // Unpublished from the settings: the public page answers not found.
  await page.getByRole("switch", { name: "Published" }).click();
  await page.getByRole("button", { name: "Save publishing" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved. The agent is not published." })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Embed snippet" })).toHaveCount(0);
  expect((await guest.request.get(`/a/${slug}`)).status()).toBe(404);
  await guestContext.close();
});
