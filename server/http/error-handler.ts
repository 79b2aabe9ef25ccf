/**
 * Turns every failure into a catalogued `{ code, message, ...fields }` (contracts/errors.ts):
 * validation → 400 INVALID_INPUT with the first readable issue (and the body field it is in), known client errors keep their
 * status, an unreachable database → 503 with Retry-After, anything else is logged and answered 500.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/connect.js";
import { errorBody, type ApiErrorBody } from "../../contracts/errors.js";
import { apiError, HttpError, retryLater } from "./http-error.js";

/** Long enough for a database restart or fail-over to finish, short enough that people retry soon. */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The 503 to answer when `error` means the database cannot be reached, else null. Exported for
 * answers the error handler never sees (an event stream that has already started).
 */
export function serviceUnavailableError(error: unknown): HttpError | null {
  if (!isDatabaseUnavailable(error)) return null;
  return retryLater(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS, "SERVICE_UNAVAILABLE");
}

const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

/** What a failure is answered with: its status, headers and catalogued body. */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: ApiErrorBody;
}

/** The catalogued answer to `error`; logs what is not the client's doing. */
export function errorAnswer(error: FastifyError | HttpError, request: FastifyRequest): ErrorAnswer {
  if (error instanceof HttpError) return { status: error.statusCode, headers: error.headers, body: error.body };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const path = issue?.instancePath?.replace(/^\//, "").replace(/\//g, ".");
    const detail = issue?.message ?? "Invalid input";
    // A malformed id in the path names nothing that exists: that is a 404, like any unknown id.
    if (error.validationContext === "params")
      return { status: 404, headers: {}, body: errorBody("NOT_FOUND", { message: detail }) };
    // Our own messages already name the field ("name is required"); zod's defaults do not.
    const message = path && ZOD_DEFAULT_MESSAGE.test(detail) ? `${path}: ${detail}` : detail;
    const field = error.validationContext === "body" && path ? { field: path } : {};
    return { status: 400, headers: {}, body: errorBody("INVALID_INPUT", { message, ...field }) };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return { status, headers: {}, body: errorBody("BODY_TOO_LARGE") };
  if (status >= 400 && status < 500) return { status, headers: {}, body: clientError(error) };
  const unavailable = serviceUnavailableError(error);
  if (unavailable) {
    // The driver's own words only: the wrapping query error would carry the statement's values.
    request.log.warn({ reason: driverReason(error) }, "database unavailable");
    return { status: 503, headers: unavailable.headers, body: unavailable.body };
  }
  request.log.error({ err: error }, "request failed");
  return { status: 500, headers: {}, body: apiError("INTERNAL").body };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const answer = errorAnswer(error, request);
    return reply.status(answer.status).headers(answer.headers).send(answer.body);
  });
}

/** Fastify's own refusals (the body parser's), under our codes; anything else keeps its words. */
function clientError(error: FastifyError): ApiErrorBody {
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError)
    return errorBody("MALFORMED_JSON");
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return errorBody("UNSUPPORTED_CONTENT_TYPE");
  if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") return errorBody("EMPTY_BODY");
  return errorBody("BAD_REQUEST", { message: error.message });
}

/** The innermost cause's code and message: what the driver or the socket said. */
function driverReason(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause instanceof Error; depth++) {
    current = current.cause;
  }
  if (!(current instanceof Error)) return String(current);
  const code = (current as { code?: unknown }).code;
  return typeof code === "string" ? `${code} ${current.message}` : current.message;
}
