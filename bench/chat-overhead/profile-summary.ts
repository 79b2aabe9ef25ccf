/**
 * Where a profiled level's CPU went, per chat: `tsx bench/chat-overhead/profile-summary.ts
 * <file.cpuprofile> <chats>` (files from `BENCH_PROFILE=dir npm run bench:chat`). Each sample
 * is put in the first bucket whose rule matches its stack (leaf first), so the buckets add up to
 * the profile's busy time; the top self-time functions follow.
 */
import { readFile } from "node:fs/promises";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Buckets in order of precedence; a stack lands in the first that matches any of its frames. */
const BUCKETS: [name: string, test: (frame: string) => boolean][] = [
  ["token estimate (gpt-tokenizer)", (f) => f.includes("gpt-tokenizer")],
  [
    "provider client (openai SDK, fetch, web streams)",
    (f) => /\/openai\/|undici|webstreams|providers\/llm\/openai/.test(f),
  ],
  ["database (pg, drizzle)", (f) => /\/(pg|pg-pool|pg-protocol|drizzle-orm|@electric-sql)\//.test(f)],
  ["SSE writes to the client", (f) => /chat\/routes|sse-writer|event-stream/.test(f)],
  ["fastify, cookies, sessions", (f) => /fastify|server\/auth\//.test(f)],
  ["turn logic (chat/, knowledge/, usage/)", (f) => /server\/(chat|knowledge|usage|providers)\//.test(f)],
  ["node http server", (f) => /_http_|node:net/.test(f)],
];

const [file, chatsArg] = process.argv.slice(2);
if (!file || !chatsArg) throw new Error("usage: profile-summary.ts <file.cpuprofile> <chats>");
const chats = Number(chatsArg);
const profile = JSON.parse(await readFile(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const frameName = (n: ProfileNode) =>
  `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url}:${n.callFrame.lineNumber + 1}`;

const buckets = new Map<string, number>();
const selfTime = new Map<string, number>();
let busy = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i + 1] ?? 0;
  const leaf = byId.get(id);
  if (!leaf) return;
  if (leaf.callFrame.functionName === "(idle)") return void (idle += us);
  busy += us;
  const self = frameName(leaf);
  selfTime.set(self, (selfTime.get(self) ?? 0) + us);
  const stack: string[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const node = byId.get(at);
    if (node) stack.push(frameName(node));
  }
  const special = ["(garbage collector)", "(program)"].find((name) => self.startsWith(name));
  const bucket =
    special ??
    BUCKETS.find(([, test]) => stack.some(test))?.[0] ??
    (self.startsWith("writev") ? "socket writes (other)" : "other");
  buckets.set(bucket, (buckets.get(bucket) ?? 0) + us);
});

const perChat = (us: number) => `${(us / 1000 / chats).toFixed(3).padStart(7)} ms`;
console.log(
  `${file}: busy ${(busy / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms, ${chats} chats → ${perChat(busy)} per chat`,
);
for (const [name, us] of [...buckets].sort((a, b) => b[1] - a[1])) {
  console.log(`${perChat(us)}  ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${name}`);
}
console.log("\ntop self time:");
for (const [name, us] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25))) {
  console.log(`${perChat(us)}  ${name.replace(/^.*?file:\/\/\/work\/main\//, "").replace("file:///work/main/", "")}`);
}
