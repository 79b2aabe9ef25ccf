/** Helpers for the knowledge tests: multipart uploads built by hand (what a browser sends), and reads. */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { KnowledgeDocument } from "../../contracts/knowledge.js";
import type { MadeUser } from "../test-support/factories.js";
import type { TestApp } from "../test-support/test-app.js";
import { wordSearchableSql } from "./word-searchable.js";

export interface UploadPart {
  fileName: string;
  bytes: Uint8Array | string;
  type?: string;
  title?: string;
}

/** A multipart/form-data body with an optional `title` field and one `file` part. */
export function multipartBody(part: UploadPart): { body: Buffer; contentType: string } {
  const boundary = `----agentdesk${randomBytes(8).toString("hex")}`;
  const pieces: Buffer[] = [];
  if (part.title !== undefined) {
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${part.title}\r\n`));
  }
  pieces.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.fileName}"\r\n` +
        `Content-Type: ${part.type ?? "application/octet-stream"}\r\n\r\n`,
    ),
    typeof part.bytes === "string" ? Buffer.from(part.bytes, "utf8") : Buffer.from(part.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadFile(t: TestApp, user: MadeUser, agentId: string, part: UploadPart) {
  const { body, contentType } = multipartBody(part);
  return t.app.inject({
    method: "POST",
    url: `/api/agents/${agentId}/knowledge`,
    headers: { cookie: user.cookie, "content-type": contentType },
    payload: body,
  });
}

export function pasteText(t: TestApp, user: MadeUser, agentId: string, title: string, text: string) {
  return t.app.inject({
    method: "POST",
    url: `/api/agents/${agentId}/knowledge`,
    headers: { cookie: user.cookie },
    payload: { title, text },
  });
}

export async function knowledgeOf(t: TestApp, user: MadeUser, agentId: string): Promise<KnowledgeDocument[]> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/agents/${agentId}/knowledge`,
    headers: { cookie: user.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`knowledge list ${res.statusCode}: ${res.body}`);
  return res.json();
}

export const RETURNS_POLICY = [
  "# Returns policy",
  "## Time limit",
  "You can return any unused item within 45 days of delivery for a full refund.",
  "## Shipping costs",
  "Return shipping is free for members of the Gold plan; everyone else pays a flat fee of 6 euros.",
  "## Damaged goods",
  "Report damaged goods within 7 days with a photo, and we send a replacement at no cost.",
].join("\n\n");

/** A second document whose Gold plan also mentions return shipping. */
export const PRICING = [
  "# Pricing",
  "## Plans",
  "The Starter plan costs 9 euros a month and includes 3 seats.",
  "The Gold plan costs 29 euros a month and includes unlimited seats and free return shipping.",
].join("\n\n");

/** An agent's term statistics as counts by English stem. */
export type TermCounts = Record<string, number>;

function countsOf(result: unknown): TermCounts {
  const rows = (result as { rows: Array<{ lexeme: string; chunks: number }> }).rows;
  return Object.fromEntries(rows.map((r) => [r.lexeme, r.chunks]));
}

/** The agent's kept statistics (knowledge_terms), without the rows a delete brought to 0. */
export async function keptTermCounts(t: TestApp, agentId: string): Promise<TermCounts> {
  return countsOf(
    await t.deps.db.db.execute(sql`
      select lexeme, chunks from knowledge_terms where agent_id = ${agentId} and chunks <> 0 order by lexeme`),
  );
}

/** The same counted from scratch over the passages of the agent's searchable documents: what the kept ones must equal. */
export async function termCountsCountedAgain(t: TestApp, agentId: string): Promise<TermCounts> {
  return countsOf(
    await t.deps.db.db.execute(sql`
      select u.lexeme, count(*)::int as chunks
        from knowledge_chunks c
        join knowledge_documents d on d.id = c.document_id and d.status in ${wordSearchableSql}
       cross join lateral unnest(c.search_english) as u
       where c.agent_id = ${agentId}
       group by u.lexeme order by u.lexeme`),
  );
}
