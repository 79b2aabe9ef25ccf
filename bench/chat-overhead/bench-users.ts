/** The benchmark's users, each with one agent (and, for --knowledge, a second agent holding a policy), made through the API. */
import { readFile } from "node:fs/promises";
import type { BenchUser } from "./client.js";

const KNOWLEDGE_FILE = new URL("../knowledge/corpus/returns-en.md", import.meta.url);

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** Signs `count` users up, has them approved (`approveAll`, outside the API), signs them in and gives each an agent. */
export async function makeUsers(appUrl: string, count: number, approveAll: () => Promise<void>): Promise<BenchUser[]> {
  const emails = Array.from({ length: count }, (_, i) => `bench${i}@example.com`);
  await inBatches(emails, 25, async (email) => {
    const res = await fetch(`${appUrl}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email,
        password: "bench-password",
        fullName: "Bench User",
        companyName: email,
        phoneNumber: "1",
        address: "Loopback 1",
      }),
    });
    if (res.status !== 201) throw new Error(`signup ${res.status}: ${await res.text()}`);
  });
  await approveAll();

  const users: BenchUser[] = [];
  // Every sign-in in flight counts as a failure from this address until its password checks out
  // (server/auth/login-throttle.ts): well under the address's 20 free ones at a time.
  await inBatches(emails, 10, async (email) => {
    const login = await fetch(`${appUrl}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "bench-password" }),
    });
    if (!login.ok) throw new Error(`login ${login.status}: ${await login.text()}`);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const agent = await fetch(`${appUrl}/api/agents`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        name: "Bench Agent",
        gender: "female",
        role: "Benchmark",
        customPrompt: "Answer briefly.",
      }),
    });
    if (agent.status !== 201) throw new Error(`agent ${agent.status}: ${await agent.text()}`);
    users.push({ cookie, agentId: ((await agent.json()) as { id: string }).id, conversationId: null });
  });
  return users;
}

/** A second agent per user, holding the returns policy as pasted knowledge (ready at once: no embeddings). */
export async function withKnowledgeAgents(appUrl: string, users: BenchUser[]): Promise<BenchUser[]> {
  const text = await readFile(KNOWLEDGE_FILE, "utf8");
  const knowing: BenchUser[] = [];
  await inBatches(users, 25, async (user) => {
    const headers = { "content-type": "application/json", cookie: user.cookie };
    const agent = await fetch(`${appUrl}/api/agents`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Bench Knowledge Agent", gender: "female", role: "Support" }),
    });
    if (agent.status !== 201) throw new Error(`agent ${agent.status}: ${await agent.text()}`);
    const agentId = ((await agent.json()) as { id: string }).id;
    const doc = await fetch(`${appUrl}/api/agents/${agentId}/knowledge`, {
      method: "POST",
      headers,
      body: JSON.stringify({ title: "Returns policy", text }),
    });
    if (doc.status !== 201) throw new Error(`knowledge ${doc.status}: ${await doc.text()}`);
    knowing.push({ cookie: user.cookie, agentId, conversationId: null });
  });
  return knowing;
}
