/**
 * People (issue 23): a person changes their password and their other browser is signed out;
 * an admin makes a colleague an admin and back, is refused demoting the last administrator,
 * and deletes a user whose agents go to a colleague; Remove Admin asks first.
 *
 * Every journey that changes who is an administrator is in this file, so they run one after
 * another (a file's journeys run in order, in one worker): "the owner is the last administrator"
 * holds only while no other journey has just made someone an admin. When one did at that moment
 * (a stress run, with the Make Admin journey in another file), the owner's own demotion went
 * through and every later journey that signs in as the owner failed.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/journey-test";
import { OWNER } from "./support/accounts";
import { createApprovedUser, storedUser } from "./support/api-users";
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

/** Takes the role from every administrator but `keep`, through the admin API of `page`'s session. */
async function demoteEveryAdminBut(page: Page, keep: string): Promise<void> {
  for (let pageNumber = 1; ; pageNumber++) {
    const res = await page.request.get(`/api/admin/users?page=${pageNumber}`);
    if (!res.ok()) throw new Error(`users ${res.status()}: ${await res.text()}`);
    const users = (await res.json()) as { id: string; isAdmin: boolean }[];
    if (users.length === 0) return;
    for (const user of users.filter((user) => user.isAdmin && user.id !== keep)) {
      const demoted = await page.request.post(`/api/admin/users/${user.id}/admin`, { data: { isAdmin: false } });
      if (!demoted.ok()) throw new Error(`demote ${user.id}: ${demoted.status()} ${await demoted.text()}`);
    }
  }
}

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

    // The owner is the last administrator now (an earlier attempt of a journey here may have left
    // a colleague an admin: they go first): the server says no, in words.
    const me = (await (await admin.request.get("/api/auth/user")).json()) as { id: string };
    await demoteEveryAdminBut(admin, me.id);
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

test("an admin makes a colleague an admin in one click, and Remove Admin asks first: Cancel keeps the role, confirming takes it away", async ({
  page,
  request,
}) => {
  const colleague = await createApprovedUser(request, "", { fullName: "Rory Role" });
  await signInThroughUi(page, OWNER.email, OWNER.password);
  await page.goto(`/admin/users/${colleague.id}`);
  await expect(page.getByRole("heading", { level: 1, name: colleague.fullName })).toBeVisible();
  await expect(page.getByText("Administrator", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Make Admin" }).click();
  await expect(toastRegion(page).getByText("Administrator Added", { exact: true })).toBeVisible();
  await expect(page.getByText("Administrator", { exact: true })).toBeVisible();
  expect((await storedUser(page, colleague.id)).isAdmin).toBe(true);

  await page.getByRole("button", { name: "Remove Admin" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Remove ${colleague.fullName} as administrator?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await screenshotBothThemes(page, "admin-remove-admin-dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await storedUser(page, colleague.id)).isAdmin).toBe(true);

  await page.getByRole("button", { name: "Remove Admin" }).click();
  await dialog.getByRole("button", { name: "Remove Admin" }).click();
  await expect(toastRegion(page).getByText("Administrator Removed", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Make Admin" })).toBeVisible();
  expect((await storedUser(page, colleague.id)).isAdmin).toBe(false);
  // The owner kept the role throughout: other journeys sign in as the instance's admin.
  const me = (await (await page.request.get("/api/auth/user")).json()) as { isAdmin: boolean };
  expect(me.isAdmin).toBe(true);
});
