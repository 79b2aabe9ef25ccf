/**
 * Takes screenshots of pages at phone (375 px) and desktop (1440 px) widths in Debian's
 * Chromium, for a person to look at. Usage:
 *   npx tsx scripts/screenshots.ts --base http://localhost:5000 [--email E --password P] /path1 /path2 ...
 * Writes PNGs to ./screenshots/ (git-ignored).
 */
import { mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/support/chromium.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: "string", default: "http://localhost:5000" },
    email: { type: "string" },
    password: { type: "string" },
    out: { type: "string", default: "screenshots" },
    full: { type: "boolean", default: false },
  },
});

mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const width of [375, 1440]) {
  const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } });
  const page = await context.newPage();
  if (values.email && values.password) {
    const res = await page.request.post(`${values.base}/api/login`, {
      data: { email: values.email, password: values.password },
    });
    if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  }
  for (const path of positionals) {
    await page.goto(`${values.base}${path}`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    const name = path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "root";
    const file = `${values.out}/${name}-${width}.png`;
    await page.screenshot({ path: file, fullPage: values.full });
    console.log(file);
  }
  await context.close();
}
await browser.close();
