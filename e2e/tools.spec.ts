/**
 * Agents that act (issue 24): the admin lets tools reach loopback, a user adds a real MCP server
 * (the SDK's server over Streamable HTTP) and a real HTTP action to an agent through the UI, then
 * chats: the model's first call waits for approval with its arguments shown, is approved and its
 * result is a collapsible step; the second is denied and shown so. The admin's conversation view
 * shows the record of both steps.
 */
import type { Browser, Page } from "@playwright/test";
import { startFakeMcpServer, type FakeMcpServer } from "../server/test-support/fake-mcp-server";
import { startFakeToolHttpServer, type FakeToolHttpServer } from "../server/test-support/fake-tool-http-server";
import { OWNER } from "./support/accounts";
import { createApprovedUser } from "./support/api-users";
import { FAKE_TOOL_ANSWER, toolCallMessage } from "./support/fake-provider-reply";
import { expect, test } from "./support/journey-test";
import { screenshotBothWidths, signInThroughUi } from "./support/journeys";

test.use({ app: "model" });

const SECRET = "orders-api-key-5521";
let mcp: FakeMcpServer;
let web: FakeToolHttpServer;

test.beforeAll(async () => {
  mcp = await startFakeMcpServer();
  web = await startFakeToolHttpServer();
});
test.afterAll(async () => {
  await mcp?.close();
  await web?.close();
});

async function signedInElsewhere(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughUi(page, email, password);
  return page;
}

/** The admin lets tools reach this machine's loopback address (refused by default). */
async function allowLoopbackTools(admin: Page): Promise<void> {
  await admin.goto("/admin-tool-policy");
  await admin.getByLabel("Allowed hosts (one per line)").fill("127.0.0.1");
  const allowPrivate = admin.getByRole("switch", { name: "Allow private networks" });
  if ((await allowPrivate.getAttribute("aria-checked")) !== "true") await allowPrivate.click();
  await expect(allowPrivate).toHaveAttribute("aria-checked", "true");
  await admin.getByRole("button", { name: "Save policy" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Tool policy saved" })).toBeVisible();
}

async function addMcpServer(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Add MCP server" }).click();
  const form = page.getByRole("form", { name: "Add an MCP server" });
  await form.getByLabel("Name").fill("shop");
  await form.getByLabel("Server URL (Streamable HTTP)").fill(mcp.url);
  await expect(form.getByLabel("Approval")).toHaveValue("ask");
  await form.getByRole("button", { name: "Add server" }).click();
  const row = page.getByRole("listitem", { name: "Tool shop" });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Test connection" }).click();
  await expect(row.getByRole("status")).toBeVisible();
  await expect(row.getByRole("checkbox", { name: /lookup_order/ })).toBeChecked();
}

async function addHttpAction(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Add HTTP action" }).click();
  const form = page.getByRole("form", { name: "Add an HTTP action" });
  await form.getByLabel("Method").selectOption("GET");
  await form.getByLabel("Name").fill("order_status");
  await form.getByLabel("URL").fill(`${web.base}/orders/{id}`);
  await form.getByLabel("Description for the model").fill("The status of an order by its number");
  await form
    .getByLabel("Parameters (JSON Schema)")
    .fill('{ "type": "object", "properties": { "id": { "type": "string" } }, "required": ["id"] }');
  await form.getByLabel("Headers (optional, one per line)").fill(`X-Api-Key: ${SECRET}`);
  await form.getByRole("button", { name: "Add action" }).click();
  const row = page.getByRole("listitem", { name: "Tool order_status" });
  await expect(row).toBeVisible();
  // The secret is never shown back: only its last characters.
  await expect(row.getByText(/X-Api-Key ••••5521/)).toBeVisible();
  await expect(page.getByText(SECRET)).toHaveCount(0);
}

const messageBox = (page: Page) => page.getByLabel(/^Message /);
const chatRegion = (page: Page) => page.getByRole("region", { name: /^Chat with / });

/** The steps UI was new to a browser: looked at in both themes (the app follows the system's). */
async function screenshotLightAndDark(page: Page, name: string) {
  await screenshotBothWidths(page, name);
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotBothWidths(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: "light" });
}

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press("Enter");
}

test("a user adds an MCP server and an HTTP action, approves one call and denies another, and the admin sees the steps", async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await signedInElsewhere(browser, baseURL!, OWNER.email, OWNER.password);
  await allowLoopbackTools(admin);

  const user = await createApprovedUser(page.request, "", { fullName: "Otto Orders", companyName: "Orders Co" });
  await signInThroughUi(page, user.email, user.password);
  const created = await page.request.post("/api/agents", {
    data: { name: "Tess Tools", gender: "female", role: "Order Desk" },
  });
  expect(created.status()).toBe(201);
  const { id: agentId } = (await created.json()) as { id: string };
  await page.goto(`/agents/${agentId}`);
  await addMcpServer(page);
  await addHttpAction(page);
  await screenshotBothWidths(page, "tools-agent-panel");

  // The model calls the MCP server's tool; it waits for the person, its arguments shown.
  await page.goto(`/chat/${agentId}`);
  await send(page, toolCallMessage("Where is my order A-17?", "shop__lookup_order", { orderId: "A-17" }));
  const firstSteps = chatRegion(page).getByTestId("tool-steps").first();
  await expect(firstSteps.getByText("A tool call needs your approval")).toBeVisible();
  await expect(firstSteps.getByText('"orderId": "A-17"')).toBeVisible();
  expect(mcp.calls).toEqual([]);
  await screenshotLightAndDark(page, "tools-awaiting-approval");

  await firstSteps.getByRole("button", { name: "Approve shop__lookup_order" }).click();
  await expect(chatRegion(page).getByText(`${FAKE_TOOL_ANSWER}Order A-17: shipped on 2026-05-30`)).toBeVisible();
  expect(mcp.calls).toEqual([{ name: "lookup_order", arguments: { orderId: "A-17" } }]);
  // Done, the step folds away; opened, it shows the call and its result.
  await expect(firstSteps.getByText("Used 1 tool call")).toBeVisible();
  await expect(firstSteps.getByText(/^Done · \d+ ms$/)).toBeHidden();
  await firstSteps.getByText("Used 1 tool call").click();
  await expect(firstSteps.getByText(/^Done · \d+ ms$/)).toBeVisible();
  await expect(firstSteps.getByText("Order A-17: shipped on 2026-05-30")).toBeVisible();
  await screenshotLightAndDark(page, "tools-step-done");

  // The HTTP action is denied: it never runs, and the model is told so.
  await expect(messageBox(page)).toBeEnabled();
  await send(page, toolCallMessage("And order B-2?", "order_status", { id: "B-2" }));
  const secondSteps = chatRegion(page).getByTestId("tool-steps").nth(1);
  await expect(secondSteps.getByText('"id": "B-2"')).toBeVisible();
  await secondSteps.getByRole("button", { name: "Deny" }).click();
  await expect(chatRegion(page).getByText(/The person denied this tool call/)).toBeVisible();
  await secondSteps.getByText("Used 1 tool call").click();
  await expect(secondSteps.getByText("Denied", { exact: true })).toBeVisible();
  expect(web.seen).toEqual([]);
  await screenshotLightAndDark(page, "tools-step-denied");

  // The admin's conversation view keeps the record: who decided, how each call went, what it was given.
  const conversationId = new URL(page.url()).searchParams.get("conversation");
  await admin.goto(`/admin/conversation/${conversationId}`);
  const record = admin.getByRole("list", { name: "Tool steps" }).getByRole("listitem");
  await expect(record).toHaveCount(2);
  const approved = record.nth(0);
  await expect(approved.getByText("shop__lookup_order")).toBeVisible();
  await expect(approved.locator("summary").getByText("Done", { exact: true })).toBeVisible();
  await expect(approved.getByText(/^\d+ ms$/)).toBeVisible();
  await expect(approved.getByText(/^Approved by Otto Orders at /)).toBeVisible();
  await expect(approved.getByText('"orderId": "A-17"')).toBeHidden();
  await approved.getByText("shop__lookup_order").click();
  await expect(approved.getByText('"orderId": "A-17"')).toBeVisible();
  await expect(approved.getByText(/Order A-17: shipped on 2026-05-30/)).toBeVisible();
  const denied = record.nth(1);
  await expect(denied.getByText("order_status")).toBeVisible();
  await expect(denied.locator("summary").getByText("Denied", { exact: true })).toBeVisible();
  await expect(denied.getByText(/^Denied by Otto Orders at /)).toBeVisible();
  await screenshotLightAndDark(admin, "tools-admin-record");
});
