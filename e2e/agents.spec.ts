import type { Page } from "@playwright/test";
import { createApprovedUser } from "./support/api-users";
import { expect, test } from "./support/journey-test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { screenshotBothWidths, signInThroughUi, toastRegion } from "./support/journeys";

async function signedInUser(page: Page) {
  const user = await createApprovedUser(page.request, "", { fullName: "Agnes Agent" });
  await signInThroughUi(page, user.email, user.password);
  return user;
}

test("a user creates agents from the simple form, the full form and a template, and finds them by search", async ({
  page,
}) => {
  await signedInUser(page);

  await page.goto("/create");
  await page.getByRole("button", { name: "Create Agent" }).click();
  await expect(toastRegion(page).getByText("Validation Error")).toBeVisible();
  await page.getByLabel("Name *").fill("  Simon Simple ");
  await page.getByLabel("Description").fill("Answers simple questions");
  await page.getByLabel("Gender *").selectOption("male");
  await page.getByRole("button", { name: "Create Agent" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByRole("heading", { name: "Simon Simple" })).toBeVisible();

  await page.goto("/create-agent");
  await page.getByLabel("Name *").fill("Fiona Full");
  await page.getByLabel("Gender *").selectOption("female");
  await page.getByLabel("Role").fill("Account Manager");
  await page.getByLabel("Speciality").fill("Enterprise renewals");
  await page.getByLabel("Personality").fill("Calm");
  await page.getByLabel("Voice").selectOption("shimmer");
  await page.getByRole("switch", { name: "Social media" }).click();
  await screenshotBothWidths(page, "create-agent");
  await page.getByRole("button", { name: "Create Agent" }).click();
  await expect(page).toHaveURL(/\/agents$/);

  await page.goto("/templates");
  await expect(page.getByText("+2 more").first()).toBeVisible();
  await screenshotBothWidths(page, "templates");
  await page.getByRole("link", { name: "Customer Support Agent", exact: true }).click();
  await expect(page).toHaveURL(/\/create\?template=customer-support$/);
  await expect(page.getByLabel("Name *")).toHaveValue("Customer Support Agent");
  await page.getByLabel("Name *").fill("Sam Support");
  await screenshotBothWidths(page, "create");
  await page.getByRole("button", { name: "Create Agent" }).click();
  await expect(page).toHaveURL(/\/agents$/);

  const cards = page.getByTestId("agent-card");
  await expect(cards).toHaveCount(3);
  await page.getByRole("searchbox", { name: "Search agents" }).fill("CUSTOMER-SUP");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Sam Support");
  await page.getByRole("searchbox", { name: "Search agents" }).fill("fiona");
  await expect(cards).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search agents" }).fill("nobody-like-this");
  await expect(page.getByText("No agents found")).toBeVisible();
  await screenshotBothWidths(page, "agents-empty-search");

  await page.getByRole("searchbox", { name: "Search agents" }).fill("Fiona");
  await page.getByRole("link", { name: "View Details" }).click();
  await expect(page.getByRole("heading", { name: /Fiona Full/ })).toBeVisible();
  await expect(page.getByText("Enterprise renewals")).toBeVisible();
  await expect(page.getByRole("button", { name: /social capability/ })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("System prompt")).toHaveCount(0);
  await screenshotBothWidths(page, "agent-detail");
});

test("toggling an agent inactive changes its badge on the list and the dashboard count, and deleting removes it", async ({
  page,
}) => {
  await signedInUser(page);
  for (const name of ["Alpha", "Beta"]) {
    const res = await page.request.post("/api/agents", { data: { name, gender: "female", type: "sales" } });
    expect(res.status()).toBe(201);
  }
  await page.goto("/");
  await expect(page.getByTestId("stat-active-agents")).toHaveText("2");
  await screenshotBothWidths(page, "dashboard");

  await page.goto("/agents");
  const beta = page.getByTestId("agent-card").filter({ hasText: "Beta" });
  await expect(beta.getByText("Active", { exact: true })).toBeVisible();
  await beta.getByRole("link", { name: "View Details" }).click();
  await page.getByRole("switch", { name: "Active" }).click();
  await expect(page.getByRole("switch", { name: "Active" })).toHaveAttribute("data-state", "unchecked");

  await page.getByRole("link", { name: "All agents" }).click();
  await expect(beta.getByText("Inactive", { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "agents, one inactive");
  // Each card opens its chat; an inactive agent's Chat is there but off.
  await expect(beta.getByRole("button", { name: "Chat" })).toBeDisabled();
  const alpha = page.getByTestId("agent-card").filter({ hasText: "Alpha" });
  await alpha.getByRole("link", { name: "Chat with Alpha" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Alpha" })).toBeVisible();
  await page.goto("/agents");
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page.getByTestId("stat-active-agents")).toHaveText("1");

  await page.goto("/agents");
  await beta.getByRole("button", { name: "Delete Beta" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toastRegion(page).getByText("Agent deleted successfully")).toBeVisible();
  await expect(page.getByTestId("agent-card")).toHaveCount(1);
  await page.goto("/agents/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Agent not found")).toBeVisible();
  await expect(page.getByText("The requested agent could not be found")).toBeVisible();
});

test("the 11th agent of a company is refused with the limit message", async ({ page }) => {
  await signedInUser(page);
  for (let i = 0; i < 10; i++) {
    expect((await page.request.post("/api/agents", { data: { name: `Agent ${i}`, gender: "male" } })).status()).toBe(
      201,
    );
  }
  await page.goto("/create");
  await page.getByLabel("Name *").fill("One Too Many");
  await page.getByLabel("Gender *").selectOption("female");
  await page.getByRole("button", { name: "Create Agent" }).click();
  await expect(toastRegion(page).getByText(/limit of 10 agents/)).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);
});
