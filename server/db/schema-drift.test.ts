import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { expect, it } from "vitest";

it("has committed migrations that match schema.ts (drizzle-kit generates nothing new)", () => {
  // drizzle-kit only understands paths relative to the working directory.
  mkdirSync("node_modules/.cache", { recursive: true });
  const work = relative(process.cwd(), mkdtempSync(resolve("node_modules/.cache/schema-drift-")));
  try {
    const migrations = join(work, "migrations");
    cpSync("server/db/migrations", migrations, { recursive: true });
    const before = readdirSync(migrations).filter((f) => f.endsWith(".sql"));
    const config = join(work, "drizzle.config.json");
    writeFileSync(
      config,
      JSON.stringify({
        dialect: "postgresql",
        schema: [
          "./server/db/schema.ts",
          "./server/db/schema-usage.ts",
          "./server/db/schema-knowledge.ts",
          "./server/db/schema-records.ts",
          "./server/db/schema-outcomes.ts",
          "./server/db/schema-tools.ts",
          "./server/db/schema-publishing.ts",
          "./server/db/schema-takeover.ts",
          "./server/db/schema-api-keys.ts",
        ],
        out: `./${migrations}`,
      }),
    );
    const output = execFileSync("npx", ["drizzle-kit", "generate", "--config", config], { encoding: "utf8" });
    expect(output).toContain("No schema changes");
    expect(readdirSync(migrations).filter((f) => f.endsWith(".sql"))).toEqual(before);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}, 60_000);
