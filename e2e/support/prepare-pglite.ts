/**
 * `tsx e2e/support/prepare-pglite.ts --data DIR`: creates and migrates the PGlite database an app
 * started with `--data DIR` would open, then exits. The global setup makes one such directory and
 * copies it for each PGlite app, so initdb and the migrations run once per run instead of once
 * per app (they were most of an app's start; on a loaded machine three ran side by side).
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../../server/db/connect.js";

const { values } = parseArgs({ options: { data: { type: "string" } } });
if (!values.data) throw new Error("--data is required");
const database = await openDatabase({ dataDir: values.data });
await database.close();
