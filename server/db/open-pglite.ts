/**
 * The embedded engine, loaded by connect.ts only when no DATABASE_URL is given: PGlite and its
 * drizzle driver cost a server on PostgreSQL ~10 MB of memory it would never use.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsFolder, type Db } from "./connect.js";
import { cacheReadsOf } from "./pglite-read-cache.js";

/**
 * PostgreSQL settings for the embedded engine, given on its command line at every start (so
 * they apply to existing data directories too, and postgresql.conf stays as initdb wrote it).
 *
 * shared_buffers: initdb writes PostgreSQL's 128 MB, and inside WebAssembly the whole pool is
 * resident from the start (its memory is zeroed when allocated, and WebAssembly memory never
 * shrinks): an idle server held ~150 MB of WebAssembly heap for a database of a few MB. At
 * 16 MB it holds ~30 MB. Pages beyond it are read from the operating system's file cache.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: "16MB",
};

/** Extensions the migrations create: PGlite loads them at construction, PostgreSQL has them installed. */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm, btree_gin },
  // PGlite's own start parameters (single-user mode, no parallel workers…) and ours after them.
  startParams: [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
  ],
};

/**
 * PGlite's WebAssembly compiled by V8's baseline compiler (Liftoff) alone, with no tier-up to the
 * optimizing one (TurboFan). Tier-up recompiles PGlite's hot functions in the background and keeps
 * both codes and the compiler's leftovers: an idle server on a restarted data directory held
 * 221–238 MB with it and 164–172 MB without (bench/embedded, 3 runs each, same hour). The cost:
 * PGlite's reads ~30 % fewer per second (895 against 1,288 req/s; PostgreSQL's own figure moved as
 * much between those runs, so the ratio went 0.21× → 0.20×). For the embedded default, a team's
 * first server, memory is what a small machine runs out of; a busy deployment runs on PostgreSQL.
 * V8's flags are the process's: eSpeak's WebAssembly (speech workers) is compiled the same way,
 * measured near unchanged (30–31 ms a sentence, against 22–32 ms with tier-up). Set before the
 * first PGlite compiles; setting it again for each database a test opens costs nothing.
 */
function compileWebAssemblyWithoutTierUp(): void {
  setFlagsFromString("--liftoff-only");
}

/**
 * A new data directory's initdb and first migrations, run in a child process. In the server's
 * process they left ~100 MB behind for good (initdb's second engine, the WebAssembly heap the
 * migrations grew, which never shrinks, and what the allocator keeps of freed memory, also when
 * done in a worker thread); a process gives all of it back when it exits, and the server then
 * opens the directory as on any restart. Argument: JSON of `PrepareRequest`.
 */
const PREPARE_DATA_DIRECTORY = `
const request = JSON.parse(process.argv[1]);
const [{ PGlite }, { pg_trgm }, { btree_gin }, { drizzle }, { migrate }] = await Promise.all(
  request.modules.map((url) => import(url)),
);
const client = new PGlite(request.dir, { extensions: { pg_trgm, btree_gin }, startParams: request.startParams });
try {
  await migrate(drizzle(client), { migrationsFolder: request.migrationsFolder });
} finally {
  await client.close();
}
`;

interface PrepareRequest {
  dir: string;
  startParams: string[];
  migrationsFolder: string;
  /** Resolved here: the script runs from no file, so it cannot resolve package names itself. */
  modules: string[];
}

/**
 * Creates the database under `dir` when it holds none yet. It is made beside `dir` and renamed
 * into place, so a start killed halfway leaves no half-made cluster for the next one to trip on.
 */
async function prepareDataDirectory(dir: string): Promise<void> {
  if (existsSync(join(dir, "PG_VERSION"))) return;
  const staging = `${dir}.new-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const request: PrepareRequest = {
    dir: staging,
    startParams: PGLITE_OPTIONS.startParams,
    migrationsFolder,
    modules: [
      "@electric-sql/pglite",
      "@electric-sql/pglite/contrib/pg_trgm",
      "@electric-sql/pglite/contrib/btree_gin",
      "drizzle-orm/pglite",
      "drizzle-orm/pglite/migrator",
    ].map((name) => import.meta.resolve(name)),
  };
  const child = spawn(
    process.execPath,
    ["--input-type=module", "--eval", PREPARE_DATA_DIRECTORY, JSON.stringify(request)],
    // Not the parent's flags or loaders (a tsx parent's --import): this is a plain script.
    { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, NODE_OPTIONS: "" } },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`creating the database in ${dir} failed (${signal ?? `exit code ${code}`}):\n${stderr}`);
  }
  // connect.ts makes the directory; an empty one is replaced, anything else is not ours to remove.
  if (existsSync(dir) && readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
  renameSync(staging, dir);
}

/**
 * Opens PGlite under `dir` (in memory when null) and brings its schema up to date. A `snapshot`
 * (a `dumpDataDir()` of a database already migrated) starts the in-memory engine from those files
 * instead of an empty cluster: the test suite opens hundreds of databases, and an empty one spends
 * seconds in initdb and the migrations.
 */
export async function openPglite(
  dir: string | null,
  schema: Record<string, unknown>,
  snapshot?: Blob,
): Promise<{ client: PGlite; db: Db }> {
  if (dir) await prepareDataDirectory(dir);
  compileWebAssemblyWithoutTierUp();
  const client = dir
    ? new PGlite(dir, PGLITE_OPTIONS)
    : new PGlite({ ...PGLITE_OPTIONS, ...(snapshot ? { loadDataDir: snapshot } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  // After the migrations: they write, and nothing was read before them.
  await cacheReadsOf(client);
  return { client, db };
}
