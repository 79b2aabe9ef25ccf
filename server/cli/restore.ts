/**
 * `npm run restore -- FILE`: brings a backup back into an empty target — an empty PostgreSQL
 * database at DATABASE_URL, else a DATA_DIR without a PGlite database — then runs the app's
 * start-up migrations, so a backup from an older release comes back upgraded. Stop the app
 * (or point it at the new target only after the restore).
 */
import { createReadStream, existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.js";
import { restoreBackup } from "../db/backup-restore.js";

const { positionals } = parseArgs({ allowPositionals: true });
const file = positionals[0];
if (!file || !existsSync(file)) {
  console.error("Usage: npm run restore -- path/to/agentdesk-backup.jsonl.gz (into an empty DATABASE_URL or DATA_DIR)");
  process.exit(2);
}
const config = loadConfig();
const target = config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir };
try {
  const summary = await restoreBackup(createReadStream(file), target);
  const total = Object.values(summary.rows).reduce((a, b) => a + b, 0);
  console.log(`Restored ${total} rows into ${config.DATABASE_URL ? "PostgreSQL" : `PGlite under ${config.dataDir}`}.`);
  console.log(`  Written at migration ${summary.fromMigration}; now at ${summary.toMigration}.`);
  console.log("  Sessions stay valid only with the same SESSION_SECRET (or DATA_DIR/session-secret) as before.");
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
