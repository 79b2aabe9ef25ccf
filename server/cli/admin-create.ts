/**
 * `npm run admin:create -- --email E --password P`: creates an approved administrator, or
 * promotes and re-passwords an existing account. Uses the same DATABASE_URL / DATA_DIR as the app.
 */
import { parseArgs } from "node:util";
import { EmailSchema, NewPasswordSchema } from "../../contracts/auth.js";
import { createAdmin } from "../auth/service.js";
import { systemClock } from "../clock.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/connect.js";
import { createInProcessBus } from "../realtime/event-bus.js";

const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } });
const email = EmailSchema.safeParse(values.email);
const password = NewPasswordSchema.safeParse(values.password);
if (!email.success || !password.success) {
  console.error("Usage: npm run admin:create -- --email you@example.com --password 'at least 6 characters'");
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
const bus = createInProcessBus();
const user = await createAdmin(
  { db: database.db, clock: systemClock, bus, sessionSecret: config.sessionSecret },
  email.data,
  password.data,
);
console.log(`Administrator ready: ${user.email}`);
await database.close();
