/** Helpers for the usage and quota tests: company ids and edits through the admin API, and plain reads of the usage tables. */
import { sql, type SQL } from "drizzle-orm";
import type { CompanyEntry } from "../../contracts/admin.js";
import type { CompanyPatch } from "../../contracts/usage.js";
import type { MadeUser } from "../test-support/factories.js";
import type { TestApp } from "../test-support/test-app.js";

export async function rowsOf<T = Record<string, unknown>>(t: TestApp, query: SQL): Promise<T[]> {
  const result: unknown = await t.deps.db.db.execute(query);
  return (result as { rows: T[] }).rows;
}

export async function companyOf(t: TestApp, admin: MadeUser, companyName: string): Promise<CompanyEntry> {
  const res = await t.app.inject({ url: "/api/admin/companies", headers: { cookie: admin.cookie } });
  const company = (res.json() as CompanyEntry[]).find((c) => c.companyName === companyName);
  if (!company) throw new Error(`no company ${companyName}: ${res.body}`);
  return company;
}

export async function patchCompany(t: TestApp, admin: MadeUser, id: string, patch: CompanyPatch | object) {
  return t.app.inject({
    method: "PATCH",
    url: `/api/admin/companies/${id}`,
    headers: { cookie: admin.cookie },
    payload: patch,
  });
}

export interface UsageRecordRow {
  kind: string;
  provider: string;
  model: string;
  prompt_tokens: number;
  completion_tokens: number;
  tokens_estimated: boolean;
  first_token_ms: number | null;
  total_ms: number;
  outcome: string;
  started_conversation: boolean;
  voice_seconds_heard: number;
  voice_seconds_spoken: number;
  language: string | null;
  agent_name: string;
}

export function usageRecordsOf(t: TestApp, user: MadeUser): Promise<UsageRecordRow[]> {
  return rowsOf<UsageRecordRow>(t, sql`select * from usage_records where user_id = ${user.id} order by id`);
}

/** A unique company name per test, so tests that share an app share no quota. */
export function companyName(label: string): string {
  return `${label} ${Math.random().toString(36).slice(2, 8)}`;
}
