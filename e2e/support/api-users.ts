/** Creates approved users through the real API (sign-up, then the owner approves). */
import type { APIRequestContext, Page } from "@playwright/test";
import { OWNER, uniqueEmail } from "./accounts";

export interface E2eUser {
  email: string;
  password: string;
  fullName: string;
  id: string;
}

/** `baseURL` "" sends to the request context's own baseURL (the project's app). */
export async function createApprovedUser(
  request: APIRequestContext,
  baseURL: string,
  fields: { fullName?: string; companyName?: string } = {},
): Promise<E2eUser> {
  const email = uniqueEmail("user");
  const password = "user-password";
  const fullName = fields.fullName ?? "Uma User";
  const signup = await request.post(`${baseURL}/api/signup`, {
    data: {
      email,
      password,
      fullName,
      companyName: fields.companyName ?? `Company ${email}`,
      phoneNumber: "+1 555 0101",
      address: "2 Side Street",
    },
  });
  if (signup.status() !== 201) throw new Error(`signup ${signup.status()}: ${await signup.text()}`);
  const { user } = (await signup.json()) as { user: { id: string } };
  const owner = await request.post(`${baseURL}/api/login`, { data: { email: OWNER.email, password: OWNER.password } });
  if (!owner.ok()) throw new Error(`owner login ${owner.status()}`);
  const approve = await request.post(`${baseURL}/api/admin/users/${user.id}/approve`, { data: { approved: true } });
  if (!approve.ok()) throw new Error(`approve ${approve.status()}: ${await approve.text()}`);
  await request.post(`${baseURL}/api/logout`);
  return { email, password, fullName, id: user.id };
}

/** What the server holds for a user, read with the (admin) page's own session. */
export async function storedUser(page: Page, id: string): Promise<{ approvalStatus: string; isAdmin: boolean }> {
  const res = await page.request.get(`/api/admin/users/${id}`);
  if (res.status() !== 200) throw new Error(`user ${id}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { approvalStatus: string; isAdmin: boolean };
}
