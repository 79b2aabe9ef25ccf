/**
 * What may reach the log. A failed query's driver error carries the statement's parameters
 * (drizzle puts them in the message: password hashes, emails, addresses) and PostgreSQL's own
 * messages quote the offending values; both are rewritten here so a log line names the
 * statement's shape and the error's code, never the values. Cookies, authorization headers
 * and password fields are censored wherever a log call puts them.
 */
import type { FastifyServerOptions } from "fastify";
import { redactCredentials } from "./credential-redaction.js";

type LoggerOption = FastifyServerOptions["logger"];
type LoggerObject = Exclude<LoggerOption, boolean | undefined>;

const MAX_STATEMENT_CHARS = 400;
// SQLSTATE codes are five characters; only driver errors carry one.
const SQLSTATE = /^[0-9A-Z]{5}$/;
const QUOTED_VALUE = /"[^"]*"|'[^']*'/g;

export const REDACTED_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "*.password",
  "*.newPassword",
  "*.passwordHash",
  "*.params",
  "body",
  "*.body",
];

interface SafeError {
  type: string;
  message: string;
  code?: string;
  stack: string;
  cause?: SafeError;
  [detail: string]: unknown;
}

function isDriverError(error: Error & { code?: unknown; params?: unknown }): boolean {
  return (
    error.name === "DrizzleQueryError" ||
    "params" in error ||
    (typeof error.code === "string" && SQLSTATE.test(error.code))
  );
}

/** Keeps the stack's frames and replaces its first line, which repeats the (unsafe) message. */
function framesOnly(stack: string | undefined): string {
  return (stack ?? "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");
}

/** drizzle's wrapper repeats the parameters in its message; a driver's own message may quote values. */
function driverMessage(error: Error): string {
  if (error.name === "DrizzleQueryError" || error.message.startsWith("Failed query:")) return "Failed query";
  return error.message.replace(QUOTED_VALUE, '"…"');
}

export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: "non-error thrown", stack: "" };
  const e = error as Error & Record<string, unknown>;
  const safe: SafeError = {
    type: e.name || e.constructor?.name || "Error",
    message: redactCredentials(e.message),
    stack: "",
  };
  if (typeof e.code === "string") safe.code = e.code;
  if (isDriverError(e)) {
    safe.message = driverMessage(e);
    if (typeof e.query === "string") safe.statement = e.query.slice(0, MAX_STATEMENT_CHARS);
    // Names of things, never values (detail, where and params carry values).
    for (const key of ["severity", "routine", "table", "column", "constraint", "schema"]) {
      if (typeof e[key] === "string") safe[key] = e[key];
    }
    safe.stack = framesOnly(e.stack);
  } else {
    // The stack's first line repeats the message: a provider's error may quote a key.
    safe.stack = redactCredentials(e.stack ?? "");
    if (typeof e.statusCode === "number") safe.statusCode = e.statusCode;
  }
  if (e.cause !== undefined && depth < 3) safe.cause = serializeError(e.cause, depth + 1);
  return safe;
}

/** The app's logger options with the error serializer and censored paths added. */
export function withLogRedaction(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const base: LoggerObject = logger === true ? {} : logger;
  if (!isPlainOptions(base)) return base;
  return {
    ...base,
    serializers: { ...base.serializers, err: serializeError, error: serializeError },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
  };
}

/** A ready-made pino instance is passed through untouched; options objects get redaction. */
function isPlainOptions(logger: LoggerObject): logger is LoggerObject & { serializers?: Record<string, unknown> } {
  return typeof (logger as { info?: unknown }).info !== "function";
}
