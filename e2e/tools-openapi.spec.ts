/**
 * HTTP actions imported from an OpenAPI document (issue 24, decision 147): the admin lets tools
 * reach loopback, a user pastes a shop's document on the agent's tools screen, sees its
 * operations (importable ones chosen, GET automatic, the others asking first, the one that
 * cannot be imported saying why), leaves one out and imports the rest, which are then listed.
 */
import type { Browser, Page } from "@playwright/test";
import { startFakeToolHttpServer, type FakeToolHttpServer } from "../server/test-support/fake-tool-http-server";
import { OWNER } from "./support/accounts";
import { createApprovedUser } from "./support/api-users";
import { expect, test } from "./support/journey-test";
import { screenshotBothThemes, signInThroughUi } from "./support/journeys";

test.use({ app: "model" });

let web: FakeToolHttpServer;
test.beforeAll(async () => {
  web = await startFakeToolHttpServer();
});
test.afterAll(async () => {
  await web?.close();
});

function shopDocument(base: string) {
  return {
    openapi: "3.0.3",
    info: { title: "Shop orders", version: "1" },
    servers: [{ url: base }],
    paths: {
      "/orders/{orderId}": {
        get: {
          operationId: "getOrder",
          summary: "Look up an order",
          parameters: [{ $ref: "#/components/parameters/OrderId" }],
        },
        delete: {
          operationId: "cancelOrder",
          summary: "Cancel an order",
          parameters: [{ $ref: "#/components/parameters/OrderId" }],
        },
      },
      "/orders/{orderId}/notes": {
        post: {
          operationId: "addOrderNote",
          summary: "Add a note to an order",
          parameters: [
            { $ref: "#/components/parameters/OrderId" },
            { name: "notify", in: "query", schema: { type: "boolean" } },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/NewNote" } } },
          },
        },
      },
      "/catalog": {
        put: {
          operationId: "uploadCatalog",
          summary: "Replace the catalogue",
          requestBody: { required: true, content: { "text/csv": { schema: { type: "string" } } } },
        },
      },
    },
    components: {
      parameters: { OrderId: { name: "orderId", in: "path", required: true, schema: { type: "string" } } },
      schemas: { NewNote: { type: "object", required: ["text"], properties: { text: { type: "string" } } } },
    },
  };
}

async function signedInElsewhere(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughUi(page, email, password);
  return page;
}

async function allowLoopbackTools(admin: Page): Promise<void> {
  await admin.goto("/admin-tool-policy");
  await admin.getByLabel("Allowed hosts (one per line)").fill("127.0.0.1");
  const allowPrivate = admin.getByRole("switch", { name: "Allow private networks" });
  if ((await allowPrivate.getAttribute("aria-checked")) !== "true") await allowPrivate.click();
  await expect(allowPrivate).toHaveAttribute("aria-checked", "true");
  await admin.getByRole("button", { name: "Save policy" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Tool policy saved" })).toBeVisible();
}

test("a user pastes an OpenAPI document, chooses its operations and sees them listed as tools", async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await signedInElsewhere(browser, baseURL!, OWNER.email, OWNER.password);
  await allowLoopbackTools(admin);

  const user = await createApprovedUser(page.request, "", { fullName: "Ida Import", companyName: "Import Co" });
  await signInThroughUi(page, user.email, user.password);
  const created = await page.request.post("/api/agents", {
    data: { name: "Oona Orders", gender: "female", role: "Order Desk" },
  });
  expect(created.status()).toBe(201);
  const { id: agentId } = (await created.json()) as { id: string };
  await page.goto(`/agents/${agentId}`);

  await page.getByRole("button", { name: "Import from OpenAPI" }).click();
  const form = page.getByRole("form", { name: "Import from OpenAPI" });
  await form.getByLabel("OpenAPI 3 document (JSON)").fill(JSON.stringify(shopDocument(web.base), null, 2));
  await form.getByRole("button", { name: "Read operations" }).click();

  await expect(form.getByRole("status")).toHaveText(`Shop orders: 4 operations at ${web.base}`);
  const getOrder = form.getByRole("checkbox", { name: /getOrder/ });
  await expect(getOrder).toBeChecked();
  await expect(form.getByRole("checkbox", { name: /cancelOrder/ })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: /addOrderNote/ })).toBeChecked();
  const upload = form.getByRole("checkbox", { name: /uploadCatalog/ });
  await expect(upload).toBeDisabled();
  await expect(upload).not.toBeChecked();
  await expect(form.getByText(/an action sends only JSON bodies/)).toBeVisible();
  await expect(form.getByLabel("Approval for getOrder")).toHaveValue("auto");
  await expect(form.getByLabel("Approval for addOrderNote")).toHaveValue("ask");
  await screenshotBothThemes(page, "tools-openapi-preview");

  // Keyboard: the cancel operation is left out with the space bar.
  await form.getByRole("checkbox", { name: /cancelOrder/ }).focus();
  await page.keyboard.press("Space");
  await expect(form.getByRole("checkbox", { name: /cancelOrder/ })).not.toBeChecked();
  await form.getByRole("button", { name: "Import 2 actions" }).click();

  await expect(page.getByRole("listitem", { name: /^Tool / })).toHaveText([/getOrder/, /addOrderNote/]);
  const note = page.getByRole("listitem", { name: "Tool addOrderNote" });
  await expect(note).toBeVisible();
  await expect(note.getByText(`${web.base}/orders/{orderId}/notes`)).toBeVisible();
  await expect(note.getByLabel("Approval for addOrderNote")).toHaveValue("ask");
  await expect(page.getByRole("listitem", { name: "Tool cancelOrder" })).toHaveCount(0);
  await expect(form).toBeHidden();
  await screenshotBothThemes(page, "tools-openapi-imported");
});
