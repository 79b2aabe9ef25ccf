/**
 * People (issue 23): a person changes their password and their other browser is signed out;
 * an admin makes a colleague an admin and back, is refused demoting the last administrator,
 * and deletes a user whose agents go to a colleague.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/journey-test";
import { OWNER } from "./support/accounts";
import { createApprovedUser } from "./support/api-users";
import { screenshotBothThemes, signInThroughUi, toastRegion } from "./support/journeys";
import { ON_BOTH_ENGINES } from "./support/journey-apps";

test.use({ viewport: { width: 1440, height: 900 } });

test(
  "changing one's password keeps this browser signed in and signs the other one out",
  { tag: ON_BOTH_ENGINES },
  async ({ browser, request, baseURL }) => {
    const person = await createApprovedUser(request, baseURL ?? "", { fullName: "Pat Password" });
    const here = await (await browser.newContext()).newPage();
    const elsewhere = await (await browser.newContext()).newPage();
    await signInThroughUi(here, person.email, person.password);
    await signInThroughUi(elsewhere, person.email, person.password);

    await here.goto("/account");
    await here.getByLabel("Current password").fill("not-my-password");
    await here.getByLabel("New password", { exact: true }).fill("a-brand-new-secret");
    await here.getByLabel("Confirm new password").fill("a-brand-new-secret");
    await here.getByRole("button", { name: "Change Password" }).click();
    await expect(here.getByText("Current password is incorrect")).toBeVisible();
    await here.getByLabel("Current password").fill(person.password);
    await here.getByRole("button", { name: "Change Password" }).click();
    await expect(here.getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();
    await screenshotBothThemes(here, "account-password-changed");

    await elsewhere.goto("/agents");
    await expect(elsewhere).toHaveURL(/\/login$/);
    await here.goto("/agents");
    await expect(here).toHaveURL(/\/agents$/);
    await here.context().close();
    await elsewhere.context().close();
  },
);

async function addAgent(request: APIRequestContext, baseURL: string, who: { email: string; password: string }) {
  await request.post(`${baseURL}/api/login`, { data: { email: who.email, password: who.password } });
  const made = await request.post(`${baseURL}/api/agents`, {
    data: { name: "Handover Helper", type: "sales", gender: "female", description: "Moves with its team" },
  });
  if (made.status() !== 201) throw new Error(`agent ${made.status()}: ${await made.text()}`);
  await request.post(`${baseURL}/api/logout`);
}

test(
  "an admin makes a colleague an admin and back, cannot demote the last admin, and deletes a user handing their agents over",
  { tag: ON_BOTH_ENGINES },
  async ({ browser, request, baseURL }) => {
    const company = `People Co ${Date.now().toString(36)}`;
    const leaving = await createApprovedUser(request, baseURL ?? "", { fullName: "Lee Leaving", companyName: company });
    const staying = await createApprovedUser(request, baseURL ?? "", { fullName: "Sam Staying", companyName: company });
    await addAgent(request, baseURL ?? "", leaving);

    const admin = await (await browser.newContext()).newPage();
    const colleague = await (await browser.newContext()).newPage();
    await signInThroughUi(admin, OWNER.email, OWNER.password);
    await signInThroughUi(colleague, staying.email, staying.password);

    await admin.goto(`/admin/users/${staying.id}`);
    await admin.getByRole("button", { name: "Make Admin" }).click();
    await expect(toastRegion(admin).getByText("Administrator Added", { exact: true })).toBeVisible();
    await colleague.goto("/admin-users");
    await expect(colleague.getByRole("heading", { name: "User Management" })).toBeVisible();

    await admin.getByRole("button", { name: "Remove Admin" }).click();
    const demote = admin.getByRole("alertdialog", { name: `Remove ${staying.fullName} as administrator?` });
    await demote.getByRole("button", { name: "Remove Admin" }).click();
    await expect(toastRegion(admin).getByText("Administrator Removed", { exact: true })).toBeVisible();
    await colleague.reload();
    await expect(colleague.getByRole("heading", { name: "User Management" })).toHaveCount(0);

    // The owner is the last administrator now: the server says no, in words.
    const me = (await (await admin.request.get("/api/auth/user")).json()) as { id: string };
    await admin.goto(`/admin/users/${me.id}`);
    await admin.getByRole("button", { name: "Remove Admin" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Remove Admin" }).click();
    await expect(toastRegion(admin).getByText("Cannot demote the last administrator")).toBeVisible();

    await admin.goto(`/admin/users/${leaving.id}`);
    await admin.getByRole("button", { name: "Delete User" }).click();
    const dialog = admin.getByRole("alertdialog", { name: `Delete ${leaving.fullName}?` });
    await expect(dialog.getByLabel("Give to a colleague")).toBeChecked();
    await expect(dialog.getByLabel("Colleague who receives the agents")).toHaveValue(staying.id);
    await screenshotBothThemes(admin, "admin-delete-user-dialog");
    await dialog.getByRole("button", { name: "Delete User" }).click();
    await expect(toastRegion(admin).getByText("User Deleted", { exact: true })).toBeVisible();
    await expect(admin).toHaveURL(/\/admin-users$/);

    await colleague.goto("/agents");
    await expect(colleague.getByText("Handover Helper").first()).toBeVisible();
    await admin.context().close();
    await colleague.context().close();
  },
);
