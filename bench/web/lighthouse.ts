/**
 * Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G link, simulated) of
 * one page, through its command line with Debian's Chromium (CHROME_PATH, read by
 * chrome-launcher; no browser is downloaded). Scores are 0–100; the median of several runs,
 * since one run on a busy machine moves by several points.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";

const run = promisify(execFile);
const LIGHTHOUSE_BIN = "node_modules/.bin/lighthouse";
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export interface PageScores {
  performance: number;
  accessibility: number;
  /** The metrics behind the performance score, in milliseconds (CLS unitless). */
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  /** Bytes Lighthouse saw transferred, all resource types. */
  transferBytes: number;
  /** The accessibility audits that failed, by id (any run), so a score under 100 says why. */
  failedAccessibilityAudits: string[];
}

export function lighthouseAvailable(): string | undefined {
  if (!existsSync(LIGHTHOUSE_BIN)) return "npm package `lighthouse` is not installed";
  if (!existsSync(CHROMIUM_PATH)) return `no Chromium at ${CHROMIUM_PATH} (set CHROME_PATH)`;
  return undefined;
}

interface LighthouseReport {
  categories: Record<
    "performance" | "accessibility",
    { score: number | null; auditRefs?: { id: string; weight: number }[] }
  >;
  audits: Record<string, { numericValue?: number; score?: number | null }>;
  runtimeError?: { message: string };
}

async function auditOnce(url: string, headers: Record<string, string>): Promise<PageScores> {
  const args = [
    url,
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    "--only-categories=performance,accessibility",
    // Root in a container needs --no-sandbox; the page is our own.
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
  ];
  if (Object.keys(headers).length > 0) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  const { stdout } = await run(LIGHTHOUSE_BIN, args, {
    env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(stdout) as LighthouseReport;
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
  const metric = (id: string) => Math.round(report.audits[id]?.numericValue ?? Number.NaN);
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
    firstContentfulPaintMs: metric("first-contentful-paint"),
    largestContentfulPaintMs: metric("largest-contentful-paint"),
    totalBlockingTimeMs: metric("total-blocking-time"),
    transferBytes: metric("total-byte-weight"),
    failedAccessibilityAudits: (report.categories.accessibility.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
  };
}

/**
 * Chromium on a busy machine now and then loses the trace of a load (Lighthouse's NO_NAVSTART,
 * NO_FCP): that run says nothing about the page, so it is run again, twice at most.
 */
async function auditWithRetries(url: string, headers: Record<string, string>): Promise<PageScores> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, headers);
    } catch (error) {
      const lostTrace = /NO_NAVSTART|NO_FCP|NO_LCP/.test(String(error));
      if (!lostTrace || attempt === 3) throw error;
      console.log(`Lighthouse lost the trace of ${url} (attempt ${attempt}); running it again`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Runs one at a time: parallel Chromiums on two cores would slow each other and skew the scores. */
export async function auditPage(url: string, runs: number, headers: Record<string, string> = {}): Promise<PageScores> {
  const results: PageScores[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await auditWithRetries(url, headers));
  const pick = (key: Exclude<keyof PageScores, "failedAccessibilityAudits">) =>
    median(results.map((result) => result[key]));
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    firstContentfulPaintMs: pick("firstContentfulPaintMs"),
    largestContentfulPaintMs: pick("largestContentfulPaintMs"),
    totalBlockingTimeMs: pick("totalBlockingTimeMs"),
    transferBytes: pick("transferBytes"),
    failedAccessibilityAudits: [...new Set(results.flatMap((result) => result.failedAccessibilityAudits))],
  };
}
