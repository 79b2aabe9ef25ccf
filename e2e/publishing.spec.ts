/**
 * Publishing an agent (issue 25): a page on another loopback origin embeds widget.js and a guest
 * chats through it; a page on an unlisted origin gets nothing; the public page /a/{slug} works
 * on a phone; an admin reads the guest's conversation.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { createApprovedUser } from "./support/api-users";
import { OWNER, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/journey-test";
import { screenshotBothWidths, signInThroughUi } from "./support/journeys";

/** A host page of a customer's site: another origin (its own port on loopback) embedding the widget. */
async function startHostSite(
  appOrigin: string,
): Promise<{ origin: string; embed: { slug: string }; close(): Promise<void> }> {
  const embed = { slug: "" };
  const server: Server = createServer((_request, response) => {
    const slug = embed.slug;
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><title>Shop</title>
<style>button{background:red!important;font-size:40px!important} div{border:5px solid lime}</style></head>
<body><main><h1>Our shop</h1><p>Great things for sale.</p></main>
<script src="${appOrigin}/widget.js" data-agent="${slug}" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    embed,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function publishAgent(request: APIRequestContext, hostOrigin: string) {
  const owner = await createApprovedUser(request, "", { fullName: "Paula Publisher" });
  await request.post("/api/login", { data: { email: owner.email, password: owner.password } });
  const created = await request.post("/api/agents", {
    data: { name: "Shop Helper", gender: "female", role: "Customer support" },
  });
  const { id } = (await created.json()) as { id: string };
  const slug = `shop-${uniqueEmail("s")
    .replace(/[^a-z0-9]/g, "")
    .slice(0, 20)}`;
  const published = await request.put(`/api/agents/${id}/publishing`, {
    data: {
      enabled: true,
      slug,
      allowedOrigins: [hostOrigin],
      greeting: "Hi! Ask me about your order.",
      voice: false,
      guestMessagesPerHour: 30,
      themeColor: "#0f766e",
    },
  });
  expect(published.status()).toBe(200);
  await request.post("/api/logout");
  return slug;
}

test("a customer's page on another origin embeds the widget and a guest chats; an unlisted origin gets nothing; an admin reads the guest's conversation", async ({
  page,
  browser,
  baseURL,
}) => {
  const appOrigin = new URL(baseURL!).origin;
  const listed = await startHostSite(appOrigin);
  const unlisted = await startHostSite(appOrigin);
  const slug = await publishAgent(page.request, listed.origin);
  listed.embed.slug = slug;
  unlisted.embed.slug = slug;
  try {
    await page.goto(listed.origin);
    const launcher = page.getByRole("button", { name: "Chat with Shop Helper" });
    await expect(launcher).toBeVisible();
    await screenshotBothWidths(page, "widget-closed");
    await launcher.click();
    await expect(page.getByText("Hi! Ask me about your order.")).toBeVisible();
    const box = page.getByRole("textbox", { name: "Message Shop Helper" });
    await expect(box).toBeFocused();
    await box.fill("Where is my parcel 4711?");
    await box.press("Enter");
    const log = page.getByRole("log", { name: "Conversation" });
    await expect(log.getByText("Where is my parcel 4711?", { exact: true })).toBeVisible();
    await expect(log.locator(".msg.assistant").nth(1)).not.toBeEmpty();
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
    await screenshotBothWidths(page, "widget-open");
    // A reload resumes the same conversation.
    await page.reload();
    await page.getByRole("button", { name: "Chat with Shop Helper" }).click();
    await expect(page.getByRole("log").getByText("Where is my parcel 4711?", { exact: true })).toBeVisible();
    // Escape closes the panel and gives focus back to the launcher.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Chat with Shop Helper" })).toBeFocused();

    const refusedPage = await browser.newPage();
    await refusedPage.goto(unlisted.origin);
    await expect(refusedPage.getByRole("heading", { name: "Our shop" })).toBeVisible();
    await expect
      .poll(async () =>
        (
          await refusedPage.request.get(`${appOrigin}/api/public/${slug}`, { headers: { origin: unlisted.origin } })
        ).status(),
      )
      .toBe(403);
    await expect(refusedPage.locator("[data-agentdesk-widget]")).toHaveCount(0);
    await refusedPage.close();

    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signInThroughUi(admin, OWNER.email, OWNER.password);
    await admin.goto("/admin-conversations");
    // This guest's row by the page it came from: the app is shared, and other journeys' guests
    // (the public page's, an earlier try's) are listed too.
    const row = admin.getByText(`Guest · web · ${new URL(listed.origin).host}`, { exact: true });
    await expect(row).toBeVisible();
    await row.click();
    await expect(admin.getByText("Where is my parcel 4711?", { exact: true }).first()).toBeVisible();
    await screenshotBothWidths(admin, "admin-reads-guest-conversation");
    await adminContext.close();
  } finally {
    await listed.close();
    await unlisted.close();
  }
});

test("the public page /a/{slug} works on a phone, with no account", async ({ page }) => {
  const slug = await publishAgent(page.request, "https://shop.example.com");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/a/${slug}`);
  await expect(page.getByRole("heading", { name: "Shop Helper", level: 1 })).toBeVisible();
  await expect(page.getByText("Hi! Ask me about your order.")).toBeVisible();
  const box = page.getByRole("textbox", { name: "Message Shop Helper" });
  await box.fill("Do you ship abroad?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("log").getByText("Do you ship abroad?", { exact: true })).toBeVisible();
  await expect(page.getByRole("log").locator(".msg.assistant").nth(1)).not.toBeEmpty();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshotBothWidths(page, "public-page");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotBothWidths(page, "public-page-dark");
  expect((await page.request.get("/a/no-such-agent")).status()).toBe(404);
});
