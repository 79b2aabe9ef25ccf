import { readFileSync } from "node:fs";
import { expect, test } from "./support/journey-test";
import { OWNER } from "./support/accounts";
import { gotoWithLiveChannel } from "./support/admin-live";
import { createApprovedUser } from "./support/api-users";
import { screenshotBothWidths, signInThroughUi, toastRegion } from "./support/journeys";

test.use({ viewport: { width: 1440, height: 900 } });

test("an admin sets a quota, a member hits it and is told why, the admin is warned live and sees the usage in analytics and its CSV", async ({
  browser,
  request,
  baseURL,
}) => {
  const company = `Quota Journey ${Date.now().toString(36)}`;
  const member = await createApprovedUser(request, baseURL ?? "", { fullName: "Quinn Quota", companyName: company });
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  const user = await memberContext.newPage();

  // The admin gives the company two messages a day on Company Management.
  await signInThroughUi(admin, OWNER.email, OWNER.password);
  await admin.goto("/admin-companies");
  await admin.getByRole("button", { name: new RegExp(company) }).click();
  const limits = admin.getByRole("form", { name: `Limits of ${company}` });
  await limits.getByLabel("messages per day").fill("2");
  await limits.getByRole("button", { name: "Save limits" }).click();
  await expect(toastRegion(admin).getByText("Limits saved", { exact: true })).toBeVisible();

  // From the Admin Panel to the analytics screen, live channel open.
  await admin.goto("/admin");
  await admin.getByRole("link", { name: /Analytics/ }).click();
  await expect(admin).toHaveURL(/\/admin-analytics$/);
  await gotoWithLiveChannel(admin, "/admin-analytics");

  // The member chats: the second message crosses 80 %, the third is refused with the reason.
  await signInThroughUi(user, member.email, member.password);
  const created = await user.request.post("/api/agents", { data: { name: "Quota Quill", gender: "female" } });
  const { id: agentId } = (await created.json()) as { id: string };
  await user.goto(`/chat/${agentId}`);
  const messageBox = user.getByLabel(/^Message /);
  const replies = user.getByText("Hello, I'm Quota Quill.", { exact: false });
  for (const [index, text] of ["First question", "Second question"].entries()) {
    await messageBox.fill(text);
    await messageBox.press("Enter");
    await expect(replies).toHaveCount(index + 1, { timeout: 15_000 });
  }
  await expect(toastRegion(admin).getByText("Quota warning", { exact: true })).toBeVisible();
  await expect(toastRegion(admin).getByText(`${company} has used 2 of its 2 messages per day.`)).toBeVisible();

  await messageBox.fill("Third question");
  await messageBox.press("Enter");
  await expect(toastRegion(user).getByText("Failed to send message", { exact: true })).toBeVisible();
  await expect(
    toastRegion(user).getByText(/Your company has used its 2 messages per day\. It resets on/),
  ).toBeVisible();

  // The member's dashboard says the same, with the notice.
  await user.goto("/");
  const card = user.getByTestId("usage-card");
  await expect(card.getByRole("status")).toContainText("Your company has used 80% or more of its messages per day");
  await expect(card.getByRole("progressbar", { name: "messages per day" })).toHaveAttribute("aria-valuenow", "100");
  // Tool calls today against the tool policy's daily cap (none set here: no limit).
  await expect(card.getByText("tool calls per day", { exact: true })).toBeVisible();
  await screenshotBothWidths(user, "dashboard-usage");

  // The analytics screen shows the company's usage; its CSV carries it too.
  await admin.getByLabel("Company", { exact: true }).selectOption({ label: company });
  await expect(admin.getByTestId("analytics-messages")).toHaveText("2");
  await expect(admin.getByTestId("analytics-tool-calls")).toHaveText("0");
  // One conversation, two messages, no tool calls.
  await expect(admin.getByRole("row", { name: new RegExp(`^${company} 1 2 0 `) })).toBeVisible();
  await screenshotBothWidths(admin, "admin-analytics");
  const download = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Download By company as CSV" }).click();
  const csv = readFileSync((await (await download).path()) ?? "", "utf8");
  expect(csv.split("\r\n")[0]).toMatch(/^companyId,companyName,conversations,messages,/);
  expect(csv).toContain(`,${company},1,2,`);
  expect(csv.split("\r\n")[0]).toContain(",securityLocks,toolCalls,");

  // The quota change is on the audit trail.
  await admin.goto("/admin-audit");
  await admin.getByLabel("Action", { exact: true }).selectOption({ label: "Changed a quota" });
  await expect(admin.getByRole("cell", { name: `${company}: messages per day no limit → 2` })).toBeVisible();
  await screenshotBothWidths(admin, "admin-audit");

  await adminContext.close();
  await memberContext.close();
});

test("an admin caps a company's knowledge storage on Company Management; it is kept and audited", async ({
  page,
  request,
  baseURL,
}) => {
  const company = `Storage Journey ${Date.now().toString(36)}`;
  await createApprovedUser(request, baseURL ?? "", { fullName: "Sam Storage", companyName: company });
  await signInThroughUi(page, OWNER.email, OWNER.password);
  await page.goto("/admin-companies");
  await page.getByRole("button", { name: new RegExp(company) }).click();
  const limits = page.getByRole("form", { name: `Limits of ${company}` });
  await expect(limits.getByLabel("Knowledge storage (MB)")).toHaveValue("");
  await limits.getByLabel("Knowledge storage (MB)").fill("250");
  await limits.getByRole("button", { name: "Save limits" }).click();
  await expect(toastRegion(page).getByText("Limits saved", { exact: true })).toBeVisible();
  await screenshotBothWidths(page, "admin-companies-knowledge-storage");

  await page.reload();
  await page.getByRole("button", { name: new RegExp(company) }).click();
  await expect(
    page.getByRole("form", { name: `Limits of ${company}` }).getByLabel("Knowledge storage (MB)"),
  ).toHaveValue("250");
  await page.goto("/admin-audit");
  await expect(
    page.getByText(`${company}: knowledge storage no limit → 250 MB`).filter({ visible: true }),
  ).toBeVisible();
});
