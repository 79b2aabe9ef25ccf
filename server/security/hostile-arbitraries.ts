/**
 * fast-check generators of hostile HTTP requests: strings with NUL, lone surrogates and
 * megabytes of text, wrong JSON types, prototype keys, deep nesting, broken JSON and UTF-8,
 * bad audio data URLs, mangled path ids and query strings, and headers that lie about the
 * body. A generated request is a plan; the test fills it in with a route's sample request.
 */
import fc from "fast-check";

const SPECIAL_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\ud83d",
  "\u202eevil",
  "\ufeff",
  "\uffff",
  "\u2028\u2029",
  "Z\u0338\u0321\u031b\u0355",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "true",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "\\",
  "%",
  "%00",
  "${7*7}{{7*7}}",
  "\r\n\r\n",
  " ",
  "",
];

/** Characters a database, a JSON encoder or a terminal may choke on; NUL, PostgreSQL's bane, most often. */
export const oddCharacter: fc.Arbitrary<string> = fc.constantFrom(
  "\u0000",
  "\u0000",
  "\u0000",
  "\u0000\u0000",
  "\ud800",
  "\udfff",
  "\u0001",
  "\u001b[31m",
  "\u007f",
  "\u200b",
  "\u202e",
  "\ufeff",
  "\uffff",
  "\ud83d\ude00",
);

/** Text an attacker would type: odd code points, NULs, surrogate halves, and sometimes a lot of it. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.string({ unit: "grapheme-ascii", maxLength: 12 }), oddCharacter, fc.string({ maxLength: 12 }))
      .map(([before, odd, after]) => `${before || "x"}${odd}${after}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(201, 2_001, 20_001, 300_001), fc.constantFrom("A", "é", "🙂", "\u0000"))
      .map(([count, unit]) => unit.repeat(count)),
  },
);

/** Strings that are almost, or not at all, a base64 audio data URL. */
const badDataUrl: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      "data:",
      "data:audio/webm;base64,",
      "data:text/html;base64,PHNjcmlwdD4=",
      "data:audio/wav;base64,!!!!",
      "data:audio/wav,plain-text",
      "data:audio/wav;base64,UklGRg==",
      "data:audio/wav;codecs=\u0000;base64,UklGRg==",
      "data:audio/\ud800;base64,AAAA",
      "https://example.com/a.wav",
    ),
  },
  {
    weight: 3,
    arbitrary: fc.string({ unit: "binary", maxLength: 60 }).map((body) => `data:audio/webm;base64,${body}`),
  },
  // Decodes to more than the 8 MB audio limit but fits the 12 MB body limit: the service must answer 413.
  { weight: 1, arbitrary: fc.constant(null).map(() => `data:audio/webm;base64,${"QUFB".repeat(2_900_000)}`) },
);

const deepJsonText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 100, max: 5_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth),
  );

/** A JSON value, as text, of any type but the expected one (or the expected one, hostile). */
export function hostileValueText(key: string, idPool: readonly string[]): fc.Arbitrary<string> {
  const values: fc.WeightedArbitrary<string>[] = [
    { weight: 6, arbitrary: hostileString.map((s) => JSON.stringify(s)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? "null") },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "1e999",
        "-0",
        "123456789012345678901234567890",
        "true",
        "null",
        "[]",
        "{}",
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
      ),
    },
    { weight: 1, arbitrary: deepJsonText },
  ];
  if (/audio/i.test(key)) values.push({ weight: 8, arbitrary: badDataUrl.map((s) => JSON.stringify(s)) });
  if (/id$/i.test(key) && idPool.length > 0) {
    values.push({ weight: 4, arbitrary: fc.constantFrom(...idPool).map((s) => JSON.stringify(s)) });
  }
  return fc.oneof(...values);
}

/** Keys a body should not be able to set, and the ones that poison prototypes. */
const INTRUDER_KEYS = ["__proto__", "constructor", "prototype", "isAdmin", "userId", "approvalStatus", "id"];

export type BodyPlan =
  /** The route's sample body with these fields replaced or added (values as JSON text). */
  | { kind: "fields"; fields: [string, string][] }
  /** The sample body, valid but for odd characters inside one of its strings: this is what reaches the database. */
  | { kind: "taint"; field: number; at: number; odd: string }
  /** Any JSON text or raw bytes instead. */
  | { kind: "raw"; body: string | Buffer };

const RAW_BODIES = [
  "",
  "{",
  "[1,",
  "nul",
  '{"a":1}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  "\u0000",
];

export function bodyPlan(keys: readonly string[], idPool: readonly string[]): fc.Arbitrary<BodyPlan> {
  const candidates = [...new Set([...keys, ...INTRUDER_KEYS])];
  const fields = fc
    .subarray(candidates, { minLength: 1, maxLength: 4 })
    .chain((chosen) =>
      fc.tuple(...chosen.map((key) => hostileValueText(key, idPool).map((v) => [key, v] as [string, string]))),
    )
    .map((pairs): BodyPlan => ({ kind: "fields", fields: pairs }));
  const raw = fc.oneof(
    fc.constantFrom(...RAW_BODIES),
    deepJsonText,
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? "null"),
    // Not UTF-8 at all: a lone continuation byte and an overlong NUL inside a JSON string.
    fc.constantFrom(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0xc0, 0x80, 0x22, 0x7d])),
  );
  const taint = fc
    .record({ field: fc.nat(), at: fc.nat(), odd: oddCharacter })
    .map((plan): BodyPlan => ({ kind: "taint", ...plan }));
  return fc.oneof(
    { weight: 5, arbitrary: taint },
    { weight: 3, arbitrary: fields },
    { weight: 2, arbitrary: raw.map((body): BodyPlan => ({ kind: "raw", body })) },
  );
}

/** `text` with `odd` inserted at `at` (modulo its length). */
export function insertOdd(text: string, at: number, odd: string): string {
  const i = at % (text.length + 1);
  return text.slice(0, i) + odd + text.slice(i);
}

/** The final body text: the sample's fields as JSON text, then the plan's on top (keys kept raw, so "__proto__" survives). */
export function applyBodyPlan(plan: BodyPlan, sample: unknown): string | Buffer {
  if (plan.kind === "raw") return plan.body;
  const entries = sample && typeof sample === "object" && !Array.isArray(sample) ? Object.entries(sample) : [];
  const merged = new Map(entries.map(([k, v]) => [k, JSON.stringify(v)] as [string, string]));
  if (plan.kind === "taint") {
    const strings = entries.filter((entry): entry is [string, string] => typeof entry[1] === "string");
    const target = strings[plan.field % Math.max(1, strings.length)];
    if (target) merged.set(target[0], JSON.stringify(insertOdd(target[1], plan.at, plan.odd)));
  } else for (const [key, value] of plan.fields) merged.set(key, value);
  return `{${[...merged].map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`;
}

/** Percent-encodes UTF-8 bytes; lone surrogates become U+FFFD, as a browser would send them. */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, "utf8")]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}

/** Raw, possibly malformed, percent-encoded path segments and query values. */
const RAW_ENCODED = [
  "%00",
  "x%00y",
  "%ED%A0%80",
  "%FF%FE",
  "%",
  "%zz",
  "%2e%2e%2f",
  "a".repeat(3_000),
  "-1",
  "1.5",
  "99999999999999999999",
];

export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString.filter((s) => s.length < 5_000).map(percentEncode) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_ENCODED) },
  { weight: 2, arbitrary: fc.uuid() },
);

export function queryPlan(keys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 3, arbitrary: keys.length > 0 ? fc.constantFrom(...keys) : fc.constant("q") },
    { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "__proto__[isAdmin]", "filter[]", "page[a]") },
    { weight: 1, arbitrary: hostileSegment },
  );
  const plausibleButOdd = fc
    .tuple(fc.string({ unit: "grapheme-ascii", maxLength: 8 }), fc.nat(), oddCharacter)
    .map(([text, at, odd]) => percentEncode(insertOdd(text, at, odd)));
  const value = fc.oneof(hostileSegment, plausibleButOdd);
  const pair = fc.tuple(key, value).map(([k, v]) => `${k}=${v}`);
  return fc.array(pair, { maxLength: 4 }).map((pairs) => (pairs.length ? `?${pairs.join("&")}` : ""));
}

export interface HeaderPlan {
  contentType: string | undefined;
  accept: string | undefined;
  extra: [string, string][];
}

const extraHeaders = fc.subarray<[string, string]>(
  [
    ["origin", "null"],
    ["origin", "https://evil.example"],
    ["sec-fetch-site", "cross-site"],
    ["x-forwarded-for", "1.2.3.4, ::1"],
    ["range", "bytes=5-1"],
    ["range", "bytes=-99999999999999999999"],
    ["range", "bytes=0-0,5-6"],
    ["content-encoding", "gzip"],
  ],
  { minLength: 1 },
);

export const headerPlan: fc.Arbitrary<HeaderPlan> = fc.record({
  // Mostly honest headers, so that most bodies reach validation and the handlers behind it.
  contentType: fc.oneof(
    { weight: 7, arbitrary: fc.constant("application/json") },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        undefined,
        "application/json; charset=utf-8",
        "APPLICATION/JSON",
        "application/json; charset=utf-16le",
        "application/jsonx",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=xyz",
        "application/octet-stream",
        "application/xml",
        "application/json;;",
      ),
    },
  ),
  accept: fc.constantFrom(undefined, "application/json", "text/event-stream", "*/*", "text/html"),
  extra: fc.oneof(
    { weight: 3, arbitrary: fc.constant<[string, string][]>([]) },
    { weight: 1, arbitrary: extraHeaders },
  ),
});
