/**
 * Signed-in users for the load benchmark, made through the app's own API: sign-up, approval
 * (one SQL statement, as an admin would), sign-in, and a few agents each.
 */
import pg from "pg";

export interface SeededUser {
  email: string;
  /** The `Cookie` header value that signs this user in. */
  cookie: string;
}

const PASSWORD = "bench-password";

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

async function post(url: string, body: object, cookie?: string): Promise<Response> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${url} → ${res.status}: ${await res.text()}`);
  return res;
}

export async function seedUsers(
  appUrl: string,
  databaseUrl: string,
  count: number,
  agentsEach: number,
): Promise<SeededUser[]> {
  const emails = Array.from({ length: count }, (_, i) => `load${i}@example.com`);
  await inBatches(emails, 10, async (email) => {
    await post(`${appUrl}/api/signup`, {
      email,
      password: PASSWORD,
      fullName: "Load Tester",
      // One company each: the per-company agent limit must not stop the seeding.
      companyName: `Company of ${email}`,
      phoneNumber: "+1 555 0100",
      address: "1 Loopback Road",
    });
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query("update users set approval_status = 'approved'");
  await db.end();

  const users: SeededUser[] = [];
  await inBatches(emails, 10, async (email) => {
    const login = await post(`${appUrl}/api/login`, { email, password: PASSWORD });
    const cookie = (login.headers.getSetCookie().find((c) => c.startsWith("sid=")) ?? "").split(";")[0];
    if (!cookie) throw new Error(`no session cookie for ${email}`);
    for (let i = 0; i < agentsEach; i++) {
      await post(
        `${appUrl}/api/agents`,
        { name: `Agent ${i}`, gender: "female", role: "Support", customPrompt: "Answer briefly." },
        cookie,
      );
    }
    users.push({ email, cookie });
  });
  return users;
}
