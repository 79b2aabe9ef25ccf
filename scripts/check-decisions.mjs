// Checks the decision records in docs/decisions/ (one decision a file, `NNN-title.md`; the
// template is in docs/decisions/README.md). `node scripts/check-decisions.mjs` exits non-zero
// when:
// - a file's name is not `NNN-kebab-title.md` or its heading is not `# NNN. Title` with the
//   same number;
// - a file has no `Status:` line, or one that is not `accepted`, `replaced by NNN` or
//   `amended by NNN` (several joined by commas);
// - two files share a number;
// - a `replaced by`, `amended by`, `Replaces:` or `Amends:` names a number with no file, or its
//   other side does not say so (034 `Replaces: 006` needs 006 `Status: replaced by 034`);
// - the index table in docs/decisions/README.md is not the one the files give.
// `node scripts/check-decisions.mjs --write-index` rewrites that table from the files.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..", "docs", "decisions");
const README = join(DIR, "README.md");
const INDEX_START = "<!-- index:start (node scripts/check-decisions.mjs --write-index) -->";
const INDEX_END = "<!-- index:end -->";

const problems = [];
const byNumber = new Map();
const pad = (n) => String(n).padStart(3, "0");

for (const name of readdirSync(DIR).sort()) {
  if (!name.endsWith(".md") || name === "README.md") continue;
  const match = /^(\d{3})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/.exec(name);
  if (!match) {
    problems.push(`${name}: the name is not NNN-kebab-title.md`);
    continue;
  }
  const number = Number(match[1]);
  const lines = readFileSync(join(DIR, name), "utf8").split("\n");
  const heading = /^# (\d{3})\. (.+)$/.exec(lines[0] ?? "");
  if (!heading) problems.push(`${name}: the first line is not "# NNN. Title"`);
  else if (Number(heading[1]) !== number) problems.push(`${name}: the heading says ${heading[1]}`);
  // The header is the lines before the decision's text: heading, blank, then "Key: value" lines.
  const header = [];
  for (const line of lines.slice(2)) {
    if (!/^[A-Z][a-z]+: /.test(line)) break;
    header.push(line);
  }
  const field = (key) => header.find((line) => line.startsWith(`${key}: `))?.slice(key.length + 2);
  // "Replaces: [006](./006-title.md)" or "Replaces: 006": the numbers, not the link targets.
  const numbers = (text) =>
    [...(text ?? "").replace(/\]\([^)]*\)/g, "]").matchAll(/\b(\d{3})\b/g)].map((m) => Number(m[1]));
  const status = field("Status");
  const decision = {
    name,
    title: heading?.[2] ?? name,
    status,
    replacedBy: [],
    amendedBy: [],
    replaces: numbers(field("Replaces")),
    amends: numbers(field("Amends")),
  };
  if (!status) problems.push(`${name}: no "Status:" line`);
  else if (status !== "accepted") {
    for (const part of status.split(/,\s*/)) {
      const relation = /^(replaced|amended) by (\d{3})$/.exec(part);
      if (!relation) problems.push(`${name}: unknown status "${part}"`);
      else decision[relation[1] === "replaced" ? "replacedBy" : "amendedBy"].push(Number(relation[2]));
    }
  }
  if (byNumber.has(number)) problems.push(`${name}: number ${pad(number)} is also ${byNumber.get(number).name}`);
  else byNumber.set(number, decision);
}

const relations = [
  ["replacedBy", "replaces", "replaced by", "Replaces:"],
  ["amendedBy", "amends", "amended by", "Amends:"],
];
for (const decision of byNumber.values()) {
  for (const [later, earlier, statusWord, headerWord] of relations) {
    for (const other of decision[later]) {
      const target = byNumber.get(other);
      if (!target) problems.push(`${decision.name}: "${statusWord} ${pad(other)}" names no file`);
      else if (!target[earlier].includes(Number(decision.name.slice(0, 3))))
        problems.push(
          `${decision.name}: ${statusWord} ${pad(other)}, but ${target.name} has no "${headerWord} ${decision.name.slice(0, 3)}"`,
        );
    }
    for (const other of decision[earlier]) {
      const target = byNumber.get(other);
      if (!target) problems.push(`${decision.name}: "${headerWord} ${pad(other)}" names no file`);
      else if (!target[later].includes(Number(decision.name.slice(0, 3))))
        problems.push(
          `${decision.name}: ${headerWord} ${pad(other)}, but ${target.name} is not "${statusWord} ${decision.name.slice(0, 3)}"`,
        );
    }
  }
}

const index = [
  "| No. | Decision | Status |",
  "| --- | --- | --- |",
  ...[...byNumber.entries()]
    .sort(([a], [b]) => a - b)
    .map(([number, d]) => `| ${pad(number)} | [${d.title.replaceAll("|", "\\|")}](./${d.name}) | ${d.status ?? "—"} |`),
].join("\n");

const readme = readFileSync(README, "utf8");
const start = readme.indexOf(INDEX_START);
const end = readme.indexOf(INDEX_END);
if (start < 0 || end < start) problems.push(`README.md: no index markers (${INDEX_START} … ${INDEX_END})`);
else {
  const wanted = `${readme.slice(0, start + INDEX_START.length)}\n${index}\n${readme.slice(end)}`;
  // Prettier pads the table's cells and puts blank lines around it (npm run check runs prettier
  // --check): compare the cells only.
  const cells = (text) =>
    text
      .split("\n")
      .map((line) => (line.startsWith("|") ? line.replace(/ *\| */g, "|").replace(/-{3,}/g, "---") : line))
      .filter((line) => line.trim() !== "")
      .join("\n");
  if (process.argv.includes("--write-index")) {
    if (cells(wanted) !== cells(readme)) {
      const prettier = await import("prettier").catch(() => null);
      const options = prettier ? await prettier.resolveConfig(README) : null;
      writeFileSync(README, prettier ? await prettier.format(wanted, { ...options, filepath: README }) : wanted);
    }
  } else if (cells(wanted) !== cells(readme)) {
    problems.push("README.md: the index is out of date (node scripts/check-decisions.mjs --write-index)");
  }
}

if (problems.length > 0) {
  console.error(`docs/decisions: ${problems.length} problem(s)\n${problems.map((p) => `- ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`docs/decisions: ${byNumber.size} decisions, all with a status, numbers unique, relations consistent`);
