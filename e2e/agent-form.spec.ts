/**
 * The agent forms say what is wrong beside the field (focus lands on the first one), and the
 * Email / Text / Social switches say what they really do: the persona drafts, nothing is sent,
 * and no pretend social "buttons" or links are shown.
 */
import type { Page } from "@playwright/test";
import { createApprovedUser } from "./support/api-users";
import { expect, test } from "./support/journey-test";
import { screenshotBothThemes } from "./support/journeys";

async function signIn(page: Page, baseURL: string) {
  const user = await createApprovedUser(page.request, baseURL);
  const login = await page.request.post(`${baseURL}/api/login`, {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok()).toBe(true);
}

test("the full create form puts each problem under its field, focuses the first, and clears it as the field is fixed", async ({
  page,
  apps,
}) => {
  await signIn(page, apps.offline);
  await page.goto("/create-agent");
  const name = page.getByLabel("Name *");
  const gender = page.getByLabel("Gender *");
  await page.getByRole("button", { name: "Create Agent" }).click();

  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Enter a name for the agent.");
  await expect(gender).toHaveAccessibleDescription("Choose a gender.");
  await screenshotBothThemes(page, "agent-form-errors");

  await name.fill("Nova");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await gender.selectOption("female");
  // A role longer than the server takes: refused before sending, under the Role field, focused.
  const role = page.getByLabel("Role");
  await role.fill("r".repeat(501));
  await page.getByRole("button", { name: "Create Agent" }).click();
  await expect(role).toBeFocused();
  await expect(role).toHaveAccessibleDescription(/^Role must be at most 500 characters\.$/);
  await role.fill("Sales lead");
  await expect(role).not.toHaveAttribute("aria-invalid", "true");

  // The written channels say they are drafted by the persona, not sent.
  const email = page.getByRole("switch", { name: "Email" });
  await expect(email).toHaveAccessibleDescription(
    /drafts these in chat for you to send\. Channels come with publishing/,
  );
  for (const written of ["Text messages", "Social media"]) {
    await expect(page.getByRole("switch", { name: written })).toHaveAccessibleDescription(
      /drafts these in chat for you to send\. Channels come with publishing/,
    );
  }
  await expect(page.getByRole("switch", { name: "Calls" })).toHaveAccessibleDescription(/no call button/);
  await page.getByRole("switch", { name: "Social media" }).click();
  await page.getByRole("button", { name: "Create Agent" }).click();
  await expect(page).toHaveURL(/\/agents$/, { timeout: 60_000 });
});

test("the agent page shows no pretend channels or social links, and the edit dialog points at the field to fix", async ({
  page,
  apps,
}) => {
  await signIn(page, apps.offline);
  const created = await page.request.post(`${apps.offline}/api/agents`, {
    data: { name: "Honest Hal", gender: "male", supportsSocial: false },
  });
  expect(created.status()).toBe(201);
  const agentId = ((await created.json()) as { id: string }).id;
  await page.goto(`/agents/${agentId}`);
  await expect(page.getByRole("heading", { name: /Honest Hal/ })).toBeVisible();

  const channels = page.getByText("Used by the agent's persona: it drafts these in chat for you to send.");
  await expect(channels).toBeVisible();
  await expect(page.getByRole("button", { name: "social capability" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("button", { name: "emails capability" })).toHaveAttribute("aria-pressed", "true");
  // No network names posing as buttons, and no link to a social account the agent does not have.
  await expect(page.getByText(/LinkedIn|Instagram|Facebook/)).toHaveCount(0);
  await expect(page.locator('a[href*="linkedin"], a[href*="facebook"], a[href*="instagram"]')).toHaveCount(0);
  await screenshotBothThemes(page, "agent-channels");

  // With Social on there is still no account to link to: no network names, no links (they used to show either way).
  const social = await page.request.post(`${apps.offline}/api/agents`, {
    data: { name: "Social Sal", gender: "female", supportsSocial: true },
  });
  expect(social.status()).toBe(201);
  await page.goto(`/agents/${((await social.json()) as { id: string }).id}`);
  await expect(page.getByRole("heading", { name: /Social Sal/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "social capability" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(/LinkedIn|Instagram|Facebook/)).toHaveCount(0);
  await expect(page.locator('a[href*="linkedin"], a[href*="facebook"], a[href*="instagram"]')).toHaveCount(0);

  await page.goto(`/agents/${agentId}`);
  await page.getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Honest Hal" });
  const name = dialog.getByLabel("Name *");
  await name.fill("   ");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription("Enter a name for the agent.");
  await name.fill("Honest Hal II");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: /Honest Hal II/ })).toBeVisible();
});
