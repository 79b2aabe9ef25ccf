/**
 * A private PostgreSQL cluster for fault tests: initdb in a temporary directory, a free port,
 * its own socket directory, and stop/start on demand. Fault tests stop and restart it
 * mid-traffic; the machine's shared PostgreSQL is never touched.
 *
 * PostgreSQL refuses to run as root, so when the tests run as root the binaries run as the
 * `postgres` OS user (runuser), and the data directory is handed to that user.
 */
import { execFile } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

const SEARCH_DIRS = ["/usr/local/bin", ...postgresVersionDirs()];
const OS_USER = "postgres";

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:{port}/postgres */
  url: string;
  port: number;
  /** `pg_ctl stop -m immediate`: every backend dies at once, as in a crash or a kill -9. */
  stopImmediately(): Promise<void>;
  /** Starts the stopped cluster again on the same port and data, and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops the cluster if running and deletes its files. */
  destroy(): Promise<void>;
}

/** Why a private cluster cannot be started here, or null when it can. */
export function privatePostgresUnavailableReason(): string | null {
  if (!findBinary("initdb") || !findBinary("pg_ctl")) {
    return `initdb/pg_ctl not found in ${SEARCH_DIRS.join(", ")} (install the postgresql server package)`;
  }
  if (isRoot() && !existsSync("/usr/sbin/runuser") && !existsSync("/sbin/runuser")) {
    return "running as root without runuser, so PostgreSQL cannot be started as another user";
  }
  return null;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const reason = privatePostgresUnavailableReason();
  if (reason) throw new Error(reason);
  const initdb = findBinary("initdb") ?? "initdb";
  const pgCtl = findBinary("pg_ctl") ?? "pg_ctl";

  const root = mkdtempSync(join(tmpdir(), "agentdesk-pg-"));
  if (isRoot()) {
    const { uid, gid } = await osUserIds(OS_USER);
    chownSync(root, uid, gid);
  }
  chmodSync(root, 0o700);
  const dataDir = join(root, "data");
  const logFile = join(root, "postgres.log");
  const port = await freePort();

  await asPostgres(initdb, ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const serverOptions = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses=127.0.0.1",
    // Speed only: these tests kill the app and the server process, never the machine, and
    // the OS keeps written pages across a process crash.
    "-c fsync=off",
    "-c full_page_writes=off",
  ].join(" ");
  const start = () => asPostgres(pgCtl, ["start", "-w", "-t", "60", "-D", dataDir, "-l", logFile, "-o", serverOptions]);
  let running = false;
  await start();
  running = true;

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stopImmediately() {
      await asPostgres(pgCtl, ["stop", "-w", "-m", "immediate", "-D", dataDir]);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await asPostgres(pgCtl, ["stop", "-w", "-m", "immediate", "-D", dataDir]).catch(() => undefined);
      running = false;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A port the OS just handed out; PostgreSQL binds it a moment later. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Asynchronous on purpose: the app under test keeps serving while pg_ctl waits. */
async function asPostgres(binary: string, args: string[]): Promise<void> {
  const [command, fullArgs] = isRoot() ? ["runuser", ["-u", OS_USER, "--", binary, ...args]] : [binary, args];
  try {
    await run(command, fullArgs, { cwd: "/" });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${binary} ${args[0] ?? ""} failed: ${stderr || stdout || String(error)}`, { cause: error });
  }
}

async function osUserIds(name: string): Promise<{ uid: number; gid: number }> {
  const uid = Number((await run("id", ["-u", name])).stdout.trim());
  const gid = Number((await run("id", ["-g", name])).stdout.trim());
  return { uid, gid };
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function findBinary(name: string): string | null {
  for (const dir of SEARCH_DIRS) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  return null;
}

/** /usr/lib/postgresql/{version}/bin, newest first (Debian's layout). */
function postgresVersionDirs(): string[] {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(base, version, "bin"));
}
