/**
 * Signed-in users for the load benchmark, made through the app's own API: sign-up, approval
 * (one SQL statement, as an admin would), sign-in, a few agents each and one conversation.
 */
import pg from "pg";

export interface SeededUser {
  email: string;
  /** The `Cookie` header value that signs this user in. */
  cookie: string;
  /** The user's first agent. */
  agentId: string;
  /** A conversation with that agent, begun by one chat turn (on the app's configured model); "" without one. */
  conversationId: string;
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
  /** One chat turn each, on the app's configured model (the streams benchmark's is far too slow). */
  withConversation = true,
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
    let agentId = "";
    for (let i = 0; i < agentsEach; i++) {
      const created = await post(
        `${appUrl}/api/agents`,
        { name: `Agent ${i}`, gender: "female", role: "Support", customPrompt: "Answer briefly." },
        cookie,
      );
      agentId ||= ((await created.json()) as { id: string }).id;
    }
    let conversationId = "";
    if (withConversation) {
      const turn = await post(`${appUrl}/api/chat/${agentId}`, { message: "Hello, this is the load test." }, cookie);
      ({ conversationId } = (await turn.json()) as { conversationId: string });
    }
    users.push({ email, cookie, agentId, conversationId });
  });
  return users;
}
