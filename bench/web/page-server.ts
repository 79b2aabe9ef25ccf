/**
 * The production app serving a web build, for Lighthouse: in-process, on an embedded PGlite in
 * memory, on a free loopback port. Also signs up the first account (the owner, signed in at
 * once) and gives it one agent, so signed-in pages can be audited with its session cookie.
 */
import { loadConfig } from "../../server/config.js";
import { openDatabase } from "../../server/db/connect.js";
import { createRuntime } from "../../server/runtime/create-runtime.js";

export interface PageServer {
  url: string;
  /** `sid=…` of the owner, for signed-in pages. */
  cookie: string;
  agentId: string;
  close(): Promise<void>;
}

async function postJson(url: string, body: unknown, cookie?: string): Promise<Response> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res;
}

async function signInOwnerWithAgent(url: string): Promise<{ cookie: string; agentId: string }> {
  const owner = { email: "owner@example.com", password: "bench-password" };
  await postJson(`${url}/api/signup`, {
    ...owner,
    fullName: "Olive Owner",
    companyName: "Bench Co",
    phoneNumber: "+1 555 0100",
    address: "1 Main Street",
  });
  const login = await postJson(`${url}/api/login`, owner);
  const sid = login.headers.getSetCookie().find((cookie) => cookie.startsWith("sid="));
  if (!sid) throw new Error("login set no session cookie");
  const cookie = sid.split(";")[0];
  const agent = await postJson(
    `${url}/api/agents`,
    {
      name: "Nova Sales",
      description: "Qualifies inbound leads",
      type: "sales",
      gender: "female",
      role: "Sales Representative",
      speciality: "SaaS pricing",
      personality: "Warm and direct",
      communicationStyle: "Concise",
    },
    cookie,
  );
  return { cookie, agentId: ((await agent.json()) as { id: string }).id };
}

export async function startPageServer(webRoot: string): Promise<PageServer> {
  const config = loadConfig({
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
    DATA_DIR: "/tmp/agentdesk-bench-unused",
    LOG_LEVEL: "silent",
  });
  const database = await openDatabase({ memory: true });
  const runtime = await createRuntime(config, { database, webRoot, logger: false }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const close = async () => {
    await runtime.close();
    await database.close();
  };
  try {
    const url = await runtime.app.listen({ port: 0, host: "127.0.0.1" });
    const { cookie, agentId } = await signInOwnerWithAgent(url);
    return { url, cookie, agentId, close };
  } catch (error) {
    await close();
    throw error;
  }
}
