/** Small factories for HTTP tests: users in each state, signed in through the real API. */
import { eq } from "drizzle-orm";
import type { SignupInput } from "../../contracts/auth.js";
import { users } from "../db/schema.js";
import { sessionCookie, type TestApp } from "./test-app.js";

let counter = 0;

export function signupPayload(overrides: Partial<SignupInput> = {}): SignupInput {
  counter += 1;
  return {
    email: `user${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    password: "secret123",
    fullName: `Test User ${counter}`,
    companyName: "Acme Corp",
    phoneNumber: "+1 555 0100",
    address: "1 Main Street\nSpringfield",
    ...overrides,
  };
}

export interface MadeUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
  companyName: string;
}

type MakeUserOptions = Partial<SignupInput> & { status?: "approved" | "pending" | "denied"; admin?: boolean };

/** Signs a user up through the API, then sets status/admin directly; signs in when approved. */
export async function makeUser(t: TestApp, options: MakeUserOptions = {}): Promise<MadeUser> {
  const { status = "approved", admin, ...fields } = options;
  const payload = signupPayload(fields);
  const res = await t.app.inject({ method: "POST", url: "/api/signup", payload });
  if (res.statusCode !== 201) throw new Error(`signup failed ${res.statusCode}: ${res.body}`);
  const id = (res.json() as { user: { id: string } }).user.id;
  const set: Partial<typeof users.$inferInsert> = { approvalStatus: status };
  if (admin !== undefined) set.isAdmin = admin;
  await t.deps.db.db.update(users).set(set).where(eq(users.id, id));
  let cookie = "";
  if (status === "approved") {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: payload.email, password: payload.password },
    });
    cookie = sessionCookie(login);
  }
  return { id, email: payload.email, password: payload.password, cookie, companyName: payload.companyName };
}

/** The first account of an instance: approved admin and owner. */
export async function makeOwner(t: TestApp, fields: Partial<SignupInput> = {}): Promise<MadeUser> {
  return makeUser(t, { ...fields, status: "approved", admin: true });
}

/**
 * The admin screens' cast: the owner (an admin of "Admin House") and two people of one company
 * written two ways ("Acme Corp" and "  acme corp "), Alice signed up a second before Bob.
 */
export async function makeAdminAndAcme(t: TestApp): Promise<{ admin: MadeUser; alice: MadeUser; bob: MadeUser }> {
  const admin = await makeOwner(t, { companyName: "Admin House" });
  const alice = await makeUser(t, { admin: false, companyName: "Acme Corp", fullName: "Alice Able" });
  t.clock.advance(1000);
  const bob = await makeUser(t, { admin: false, companyName: "  acme corp ", fullName: "Bob Baker" });
  return { admin, alice, bob };
}
