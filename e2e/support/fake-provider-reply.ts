/** What the standalone fake provider answers, shared by the server process and the specs. */
export const FAKE_STREAMED_REPLY =
  "Here is a plan. First, list your three best customers. Second, ask each one what almost stopped them from buying. " +
  "Third, turn those answers into the opening lines of your next pitch. Finally, measure replies for two weeks.";
export const FAKE_CHUNK_COUNT = 12;
export const FAKE_CHUNK_DELAY_MS = 80;

/**
 * Words a journey puts in its message to pick another answer for that one turn (the provider
 * is one process shared by every journey, so a per-message switch is what keeps them apart).
 */
export const FAKE_MARKERS = {
  /** The reply streams its first chunks and then waits until the client goes away. */
  hold: "[fake:hold]",
  /** The first time a message with this marker is seen the model answers 500; after that, normally. */
  failOnce: "[fake:fail-once]",
  /** The reply is FAKE_CODE_REPLY. */
  code: "[fake:code]",
  /** `[fake:gate:TOKEN]`: the reply's first words pass, the rest waits until the gate opens (openFakeGate). */
  gate: "[fake:gate:",
  /** `[fake:tool:NAME {json}]`: the model calls tool NAME with those arguments, then answers quoting its result (toolCallMessage). */
  tool: "[fake:tool:",
  /** The reply is FAKE_MARKDOWN_REPLY: headings, lists, a wide table, a quote, inline and fenced code, a link. */
  markdown: "[fake:markdown]",
  /** `[fake:versions:TOKEN]`: the Nth reply to a message with this token is fakeVersionReply(N) (versionedMessage). */
  versions: "[fake:versions:",
} as const;

/** The words the model says before it calls the tool a toolCallMessage names. */
export const FAKE_TOOL_PREAMBLE = "Let me check that. ";
/** How the model's answer after a tool call begins; the tool's result follows. */
export const FAKE_TOOL_ANSWER = "The tool answered: ";

/**
 * `text` that makes the model call `tool` with `args` (flat JSON, no "]" inside) in its first
 * answer, and, once the app gives it the call's result, answer FAKE_TOOL_ANSWER + that result.
 */
export function toolCallMessage(text: string, tool: string, args: Record<string, string>): string {
  return `${text} ${FAKE_MARKERS.tool}${tool} ${JSON.stringify(args)}]`;
}

/** The tool and arguments a toolCallMessage names, or null. */
export function toolCallOf(message: string): { name: string; arguments: string } | null {
  const at = message.indexOf(FAKE_MARKERS.tool);
  if (at < 0) return null;
  const rest = message.slice(at + FAKE_MARKERS.tool.length, message.lastIndexOf("]"));
  const space = rest.indexOf(" ");
  return space < 0 ? { name: rest, arguments: "{}" } : { name: rest.slice(0, space), arguments: rest.slice(space + 1) };
}

/**
 * `text` with a gate of its own: the reply to it stops after its first words until
 * `openFakeGate(token)`, so a journey sees a reply half-written for as long as it needs, on a
 * machine however loaded (a timed stream could arrive whole after a stall).
 */
export function gatedMessage(text: string): { message: string; token: string } {
  const token = Math.random().toString(36).slice(2, 10);
  return { message: `${text} ${FAKE_MARKERS.gate}${token}]`, token };
}

/** The environment variable that hands the fake provider's address to the journeys. */
export const FAKE_PROVIDER_URL_VARIABLE = "AGENTDESK_E2E_FAKE_PROVIDER";

/** Lets the rest of a gated reply go (see gatedMessage). */
export async function openFakeGate(token: string): Promise<void> {
  const base = process.env[FAKE_PROVIDER_URL_VARIABLE];
  if (!base) throw new Error(`${FAKE_PROVIDER_URL_VARIABLE} is not set: the journeys' global setup sets it`);
  const res = await fetch(`${new URL(base).origin}/gates/${token}`, { method: "POST" });
  if (!res.ok) throw new Error(`opening fake gate ${token}: ${res.status}`);
}

/** The words of a held reply that reach the client before it waits. */
export const FAKE_HELD_CHUNKS = 3;

export const FAKE_CODE_SNIPPET = 'export function greet(name: string): string {\n  return "Hello, " + name;\n}';
export const FAKE_CODE_REPLY = `Here is a helper:\n\n\`\`\`ts\n${FAKE_CODE_SNIPPET}\n\`\`\`\n\nSee [the guide](https://example.com/guide).`;

/**
 * `text` with a reply counter of its own: each answer to it (the first, then each regeneration)
 * is fakeVersionReply(1), (2)…, so a journey tells a regenerated reply from the one before it.
 */
export function versionedMessage(text: string): string {
  return `${text} ${FAKE_MARKERS.versions}${Math.random().toString(36).slice(2, 10)}]`;
}

/** The token of a versionedMessage, or null. */
export function versionTokenOf(message: string): string | null {
  const at = message.indexOf(FAKE_MARKERS.versions);
  if (at < 0) return null;
  const rest = message.slice(at + FAKE_MARKERS.versions.length);
  return rest.slice(0, rest.indexOf("]"));
}

/** The model's `count`th answer to one versionedMessage. */
export function fakeVersionReply(count: number): string {
  return `Answer number ${count}: open with the customer's own words, then ask for twenty minutes.`;
}

export const FAKE_MARKDOWN_CODE = 'def total(amounts):\n    """Sum of the open deals."""\n    return sum(amounts)';
/**
 * A reply with each kind of block Markdown has; its table is wider than a phone's screen. Model
 * output is untrusted, so it also carries what a sanitiser must defuse: a script, a javascript: link.
 */
export const FAKE_MARKDOWN_REPLY = [
  "## Pipeline review",
  "",
  "Three accounts need you this week.",
  "",
  "### Next steps",
  "",
  "- Call the finance lead",
  "- Send the one-page summary",
  "",
  "1. Qualify",
  "2. Propose",
  "",
  "| Account | Owner | Stage | Amount | Region | Renewal | Champion | Next step |",
  "| --- | --- | --- | ---: | --- | --- | --- | --- |",
  "| Northwind | Dana | Proposal | $48,000 | EMEA | 2027-03-01 | Controller | Follow-up call |",
  "| Contoso | Priya | Discovery | $12,500 | Americas | 2027-06-15 | Treasurer | Send case study |",
  "",
  "> Customers buy from people who listen.",
  "",
  "Run `npm run report` to refresh the numbers, or use this:",
  "",
  "```python",
  FAKE_MARKDOWN_CODE,
  "```",
  "",
  "More in [the playbook](https://example.com/playbook). Ignore [this trap](javascript:window.fakeReplyRan=1).",
  "",
  "<script>window.fakeReplyRan = 1</script>",
].join("\n");

/**
 * The fake Realtime model behind the same address (its socket at {base}/realtime): what it hears
 * the caller say, and its reply — 10 s of tone carrying these words, held after that until the
 * caller speaks over it (barge-in), so the journey sees a reply playing whatever the machine's load.
 */
/** What the journeys' fake transcriber hears when asked for German (`language=de`). */
export const FAKE_GERMAN_TRANSCRIPT = "Wo ist meine Bestellung?";
/** …and in Italian: an acknowledgement ("sure"), a turn when the agent listens, a backchannel over it. */
export const FAKE_ITALIAN_TRANSCRIPT = "Certo.";

export const FAKE_REALTIME = {
  transcriptText: "Where is my order please?",
  replyText:
    "Your order left our warehouse this morning and should reach you within two working days. " +
    "You will get an email with the tracking link as soon as the carrier scans it.",
  replyChunks: 120,
  holdAfterChunks: 100,
  // A pause inside the caller's sentence does not end their turn.
  silenceMs: 700,
} as const;
