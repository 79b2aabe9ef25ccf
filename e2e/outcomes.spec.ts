/**
 * Outcomes journey (issue 26): a member's conversation gets its outcome written down once it
 * is idle (the offline app's idle time is 1.5 s), an admin sees it on the conversation,
 * corrects it, and finds it counted on the analytics screen.
 */
import { expect, test } from "./support/journey-test";
import { OWNER } from "./support/accounts";
import { createApprovedUser } from "./support/api-users";
import { screenshotBothWidths, signInThroughUi } from "./support/journeys";

test.use({ viewport: { width: 1440, height: 900 } });

test("an outcome is extracted, shown, corrected and counted in analytics", async ({ browser, request, baseURL }) => {
  const company = `Outcome Journey ${Date.now().toString(36)}`;
  const member = await createApprovedUser(request, baseURL ?? "", { fullName: "Jordan Lee", companyName: company });
  const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const user = await memberContext.newPage();
  const admin = await adminContext.newPage();

  // The member chats with a sales agent and leaves their name, email and budget.
  await signInThroughUi(user, member.email, member.password);
  const created = await user.request.post("/api/agents", {
    data: { name: "Outcome Otto", gender: "male", type: "sales" },
  });
  const { id: agentId } = (await created.json()) as { id: string };
  await user.goto(`/chat/${agentId}`);
  const messageBox = user.getByLabel(/^Message /);
  await messageBox.fill("Hi, my name is Jordan Lee, email jordan.lee@example.com. Our budget is $4,000.");
  await messageBox.press("Enter");
  await expect(user.getByText("Hello, I'm Outcome Otto.", { exact: false })).toHaveCount(1, { timeout: 15_000 });
  const [conversation] = (await (await user.request.get("/api/conversations")).json()) as { id: string }[];
  const conversationId = conversation!.id;

  // The agent's page lists the fields it tracks (from its template).
  await user.goto(`/agents/${agentId}`);
  await expect(user.getByRole("heading", { name: "Outcome fields" })).toBeVisible();
  await expect(user.getByLabel("Field 4 name")).toHaveValue("Leads qualified");

  // Once idle, the outcome is written down.
  await expect
    .poll(
      async () =>
        ((await (await user.request.get(`/api/conversations/${conversationId}/outcome`)).json()) as { method: string })
          .method,
      {
        timeout: 15_000,
      },
    )
    .toBe("offline");

  // The admin sees it on the conversation and corrects it.
  await signInThroughUi(admin, OWNER.email, OWNER.password);
  await admin.goto(`/admin/conversation/${conversationId}`);
  const panel = admin.getByTestId("outcome-panel");
  await expect(panel.getByTestId("outcome-field-email")).toContainText("jordan.lee@example.com");
  await expect(panel.getByTestId("outcome-field-contact_name")).toContainText("Jordan Lee");
  await expect(panel.getByTestId("outcome-field-Deal value discussed")).toContainText("4000");
  await expect(panel.getByTestId("outcome-success")).toHaveText("unclear");
  await screenshotBothWidths(admin, "outcome-panel");
  await panel.getByRole("button", { name: "Correct" }).click();
  const form = admin.getByRole("form", { name: "Correct the outcome" });
  await form.getByLabel("Goal").selectOption("achieved");
  await form.getByLabel("phone", { exact: true }).fill("+1 555 0100");
  await form.getByLabel("Demos booked").fill("yes");
  await form.getByRole("button", { name: "Save outcome" }).click();
  await expect(panel.getByTestId("outcome-success")).toHaveText("achieved");
  await expect(panel.getByTestId("outcome-field-phone")).toContainText("+1 555 0100");
  await expect(panel.getByTestId("outcome-field-phone")).toContainText("corrected");
  await expect(panel.getByTestId("outcome-field-Demos booked")).toContainText("Yes");

  // Counted on the analytics screen, and in its CSV.
  await admin.goto("/admin-analytics");
  const outcomes = admin.getByRole("region", { name: "Outcomes" });
  await expect(outcomes.getByRole("row", { name: /Outcome Otto/ })).toContainText("100%");
  await expect(outcomes.getByRole("row", { name: new RegExp(`^${company}`) })).toContainText("100%");
  await screenshotBothWidths(admin, "outcome-analytics");
  const today = new Date().toISOString().slice(0, 10);
  const csv = await admin.request.get(`/api/admin/outcome-analytics.csv?table=agents&from=${today}&to=${today}`);
  expect(await csv.text()).toMatch(new RegExp(`${agentId},Outcome Otto,${company},1,1,0,0,1,`));

  await memberContext.close();
  await adminContext.close();
});
