/**
 * The widget's size budget (issue 25): widget.js, everything a host page loads before the panel
 * opens, must stay within 30 kB gzipped. Run after `npm run build`: `npx tsx bench/widget/size.ts`.
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 30 * 1024;
const source = readFileSync("dist/web/widget.js");
const gzipped = gzipSync(source, { level: 9 }).length;
console.log(`widget.js: ${source.length} bytes, ${gzipped} bytes gzipped (budget ${BUDGET_BYTES})`);
if (gzipped > BUDGET_BYTES) {
  console.error("widget.js is over its budget");
  process.exit(1);
}
