/** A team that shares: an owner shares an agent, a colleague chats with it, another company never sees it. */
import type { Browser, Page } from "@playwright/test";
import { createApprovedUser, type E2eUser } from "./support/api-users";
import { uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/journey-test";
import { screenshotBothThemes, signInThroughUi } from "./support/journeys";
import { ON_BOTH_ENGINES } from "./support/journey-apps";

/** Each person in a browser of their own, as colleagues at different desks. */
async function signedInElsewhere(browser: Browser, baseURL: string, user: E2eUser): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughUi(page, user.email, user.password);
  return page;
}

test(
  "an owner shares an agent; a colleague finds it under 'Shared with your company' and chats with it; another company never sees it",
  { tag: ON_BOTH_ENGINES },
  async ({ page, browser, baseURL }) => {
    const company = `Share Co ${uniqueEmail("co")}`;
    const owner = await createApprovedUser(page.request, "", { fullName: "Olive Owner", companyName: company });
    const colleague = await createApprovedUser(page.request, "", { fullName: "Carl Colleague", companyName: company });
    const stranger = await createApprovedUser(page.request, "", {
      fullName: "Stan Stranger",
      companyName: "Elsewhere",
    });

    await signInThroughUi(page, owner.email, owner.password);
    await page.goto("/create");
    await page.getByLabel("Name *").fill("Tessa Team");
    await page.getByLabel("Gender *").selectOption("female");
    await page.getByRole("switch", { name: "Share with your company" }).click();
    await page.getByRole("button", { name: "Create Agent" }).click();
    await expect(page).toHaveURL(/\/agents$/);
    // The owner's own agent is among their own, not in the shared section.
    await expect(page.getByRole("heading", { name: "Tessa Team" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Shared with your company" })).toHaveCount(0);
    await page.getByRole("link", { name: "View Details" }).click();
    await page.reload(); // without the "Agent created" toast over the header
    await expect(page.getByRole("switch", { name: "Share with your company" })).toBeChecked();
    await expect(page.getByRole("button", { name: "Edit" })).toBeVisible();
    await screenshotBothThemes(page, "shared-agent-owner-detail");

    const colleaguesPage = await signedInElsewhere(browser, baseURL!, colleague);
    await expect(colleaguesPage.getByTestId("shared-agents").getByText("Tessa Team")).toBeVisible();
    await expect(colleaguesPage.getByTestId("shared-agents").getByText("Shared by Olive Owner")).toBeVisible();
    await screenshotBothThemes(colleaguesPage, "shared-agents-dashboard");
    await colleaguesPage.goto("/agents");
    const shared = colleaguesPage.getByTestId("shared-agents");
    await expect(shared.getByRole("heading", { name: "Shared with your company" })).toBeVisible();
    await expect(shared.getByText("Shared by Olive Owner")).toBeVisible();
    // Colleagues chat; only the owner and admins change or delete.
    await expect(shared.getByRole("button", { name: /Delete/ })).toHaveCount(0);
    await screenshotBothThemes(colleaguesPage, "shared-agents-list");

    await shared.getByRole("link", { name: "View Details" }).click();
    await expect(colleaguesPage.getByText(/Shared by Olive Owner/)).toBeVisible();
    await expect(colleaguesPage.getByRole("button", { name: "Edit" })).toHaveCount(0);
    await expect(colleaguesPage.getByRole("switch", { name: "Share with your company" })).toHaveCount(0);
    await screenshotBothThemes(colleaguesPage, "shared-agent-detail");

    await colleaguesPage.locator("#main").getByRole("link", { name: "Chat" }).click();
    const box = colleaguesPage.getByLabel(/^Message /);
    await box.fill("Hello from a colleague");
    await box.press("Enter");
    // In the transcript: the conversation list shows the same words as the new conversation's title.
    await expect(
      colleaguesPage.getByRole("region", { name: /^Chat with / }).getByText("Hello from a colleague", { exact: true }),
    ).toBeVisible();
    await expect(colleaguesPage.locator('[data-role="assistant"]').last()).toContainText("Tessa Team");

    // The colleague's conversation is theirs alone.
    await page.goto("/chat");
    await expect(page.getByText("Hello from a colleague")).toHaveCount(0);

    const strangersPage = await signedInElsewhere(browser, baseURL!, stranger);
    await strangersPage.goto("/agents");
    await expect(strangersPage.getByRole("heading", { name: "My Agents" })).toBeVisible();
    await expect(strangersPage.getByText("Tessa Team")).toHaveCount(0);
    const agentUrl = colleaguesPage
      .url()
      .replace(/.*\/chat\//, "/agents/")
      .replace(/\?.*$/, "");
    await strangersPage.goto(agentUrl);
    await expect(strangersPage.getByRole("heading", { name: "Agent not found" })).toBeVisible();
  },
);
