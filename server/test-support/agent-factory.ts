/** Creates agents through the real API for tests. */
import type { AgentCreate } from "../../contracts/agents.js";
import type { TestApp } from "./test-app.js";

export function agentPayload(overrides: Partial<AgentCreate> = {}): AgentCreate {
  return {
    name: "Nova Sales",
    description: "Qualifies inbound leads",
    type: "sales",
    gender: "female",
    role: "Sales Representative",
    speciality: "SaaS pricing",
    personality: "Warm and direct",
    communicationStyle: "Concise",
    ...overrides,
  };
}

export async function makeAgent(t: TestApp, cookie: string, overrides: Partial<AgentCreate> = {}): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/agents",
    headers: { cookie },
    payload: agentPayload(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`agent create failed ${res.statusCode}: ${res.body}`);
  return (res.json() as { id: string }).id;
}
