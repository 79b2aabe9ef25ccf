/**
 * Ingestion never stalls anyone (issue 21's goal: while a 20 MB document is being ingested,
 * other chats of the same company start within 100 ms of their usual time):
 * `npx tsx bench/knowledge/no-stall.ts [--engine pglite|postgres] [--chats N] [--kind txt|md]`.
 *
 * One app over real HTTP (the test app: offline responder, no model), two people of one
 * company. The second person's chats are timed from the request to the first SSE frame — first
 * alone (usual), then while the first person uploads a 20 MB Markdown document made of the bench
 * corpus's sentences (extraction in the worker pool, passages stored, term statistics kept),
 * back to back until the upload answers. The goal is judged on the p95 and on the worst chat.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { KNOWLEDGE_FILE_MAX_BYTES } from "../../contracts/knowledge.js";
import { makeAgent } from "../../server/chat/chat-test-support.js";
import { multipartBody } from "../../server/knowledge/knowledge-test-support.js";
import { closeSharedExtractPool } from "../../server/knowledge/extract/extract-pool.js";
import { makeUser, type MadeUser } from "../../server/test-support/factories.js";
import { startTestApp, type Engine } from "../../server/test-support/test-app.js";
import { loadCorpus } from "./corpus.js";
import { percentile } from "./report.js";
import { seededRandom, sentencesOf, syntheticDocument } from "./synthetic-corpus.js";

const argv = process.argv.slice(2);
const engineArg = argv[argv.indexOf("--engine") + 1];
const ENGINES: Engine[] =
  argv.includes("--engine") && (engineArg === "pglite" || engineArg === "postgres")
    ? [engineArg]
    : ["pglite", "postgres"];
const USUAL_CHATS = argv.includes("--chats") ? Number(argv[argv.indexOf("--chats") + 1]) : 40;
const GOAL_MS = 100;
/** The document's kind: Markdown (headed sections) or plain text (the same text). */
const KIND = argv.includes("--kind") && argv[argv.indexOf("--kind") + 1] === "md" ? "md" : "txt";
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
const log = (line: string) => console.log(line);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** Just under the upload limit: headed sections of the bench corpus's sentences, seeded. */
async function twentyMegabyteManual(): Promise<Buffer> {
  const corpus = await loadCorpus();
  const texts = corpus.filter((file) => file.fileName.endsWith(".md") || file.fileName.endsWith(".txt"));
  const sentences = sentencesOf(texts.map((file) => Buffer.from(file.bytes).toString("utf8")));
  const random = seededRandom(2_021);
  const parts: string[] = ["# The big manual\n\n"];
  let size = parts[0].length;
  for (let section = 1; ; section++) {
    const body = syntheticDocument(random, sentences, 4).join("\n\n");
    const part = `## Section ${section}\n\n${body}\n\n`;
    if (size + Buffer.byteLength(part) > KNOWLEDGE_FILE_MAX_BYTES - 64 * 1024) break;
    parts.push(part);
    size += Buffer.byteLength(part);
  }
  return Buffer.from(parts.join(""), "utf8");
}

/**
 * Milliseconds from the request to the first SSE frame of a chat, then the rest is read to the
 * end; a chat that fails (an error status, a connection dropped) counts as never started.
 */
async function chatStart(base: string, user: MadeUser, agentId: string, n: number): Promise<number> {
  const started = performance.now();
  try {
    return await timedChat(base, user, agentId, n, started);
  } catch (error) {
    failures.push(
      `${(performance.now() - started).toFixed(0)} ms: ${error instanceof Error ? error.message : String(error)}`,
    );
    return Number.POSITIVE_INFINITY;
  }
}
const failures: string[] = [];

async function timedChat(base: string, user: MadeUser, agentId: string, n: number, started: number): Promise<number> {
  const res = await fetch(`${base}/api/chat/${agentId}`, {
    method: "POST",
    headers: { cookie: user.cookie, "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ message: `Hello, can you help me with order ${n}?` }),
  });
  if (!res.ok || !res.body) throw new Error(`chat ${res.status}: ${await res.text()}`);
  let first: number | null = null;
  for await (const chunk of res.body) {
    if (first === null && (chunk as Uint8Array).length > 0) first = performance.now() - started;
  }
  return first ?? performance.now() - started;
}

const row = (label: string, values: number[]) =>
  `${label}: n ${values.length}, p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, ` +
  `max ${Math.max(...values).toFixed(1)} ms`;

async function measure(engine: Engine, document: Buffer): Promise<void> {
  const t = await startTestApp(engine);
  try {
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const uploader = await makeUser(t, { companyName: "Stall Bench Co" });
    const chatter = await makeUser(t, { companyName: "Stall Bench Co" });
    const manualAgent = await makeAgent(t, uploader, { name: "Manual Reader" });
    const chatAgent = await makeAgent(t, chatter, { name: "Front Desk" });

    for (let i = 0; i < 5; i++) await chatStart(base, chatter, chatAgent, i);
    const usual: number[] = [];
    for (let i = 0; i < USUAL_CHATS; i++) usual.push(await chatStart(base, chatter, chatAgent, i));

    const { body, contentType } = multipartBody({
      fileName: `big-manual.${KIND}`,
      bytes: document,
      type: KIND === "md" ? "text/markdown" : "text/plain",
    });
    const began = performance.now();
    let uploadDone = false;
    const upload = fetch(`${base}/api/agents/${manualAgent}/knowledge`, {
      method: "POST",
      headers: { cookie: uploader.cookie, "content-type": contentType },
      body: new Uint8Array(body),
    }).then(async (res) => {
      uploadDone = true;
      return { status: res.status, body: await res.text(), ms: performance.now() - began };
    });
    const during: number[] = [];
    while (!uploadDone) during.push(await chatStart(base, chatter, chatAgent, during.length));
    const uploaded = await upload;
    const passages = uploaded.status === 201 ? (JSON.parse(uploaded.body) as { chunks?: number }).chunks : null;

    log(
      `\n${engine}: upload of a ${KIND} document of ${(document.length / 1e6).toFixed(1)} MB answered ${uploaded.status} in ${(uploaded.ms / 1000).toFixed(1)} s` +
        (passages ? ` (${passages} passages)` : `: ${uploaded.body.slice(0, 200)}`),
    );
    log(row("  chats alone (usual)", usual));
    log(row("  chats during the upload", during));
    if (failures.length > 0) log(`  chats that failed: ${failures.length} (${failures.slice(0, 3).join("; ")})`);
    failures.length = 0;
    const p95Delta = percentile(during, 95) - percentile(usual, 95);
    const maxDelta = Math.max(...during) - percentile(usual, 95);
    const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
    log(
      `  goal: a chat starts within ${GOAL_MS} ms of usual while the upload runs — p95 +${p95Delta.toFixed(1)} ms ${verdict(p95Delta <= GOAL_MS)}; ` +
        `worst +${maxDelta.toFixed(1)} ms ${verdict(maxDelta <= GOAL_MS)}`,
    );
  } finally {
    await t.close();
  }
}

try {
  log(`load average at start: ${load()}`);
  const document = await twentyMegabyteManual();
  for (const engine of ENGINES) await measure(engine, document);
  log(`load average at end: ${load()}`);
} finally {
  await closeSharedExtractPool();
}
