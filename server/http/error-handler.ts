/**
 * Turns every failure into `{ message }`: validation → 400 with the first readable issue,
 * known client errors keep their status, an unreachable database → 503 with Retry-After,
 * anything else is logged and answered 500.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/connect.js";
import { HttpError } from "./http-error.js";

export const SERVICE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again shortly.";
/** Long enough for a database restart or fail-over to finish, short enough that people retry soon. */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The 503 to answer when `error` means the database cannot be reached, else null. Exported for
 * answers the error handler never sees (an event stream that has already started).
 */
export function serviceUnavailableError(error: unknown): HttpError | null {
  if (!isDatabaseUnavailable(error)) return null;
  return new HttpError(503, SERVICE_UNAVAILABLE_MESSAGE, {
    "Retry-After": String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS),
  });
}

const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue?.instancePath?.replace(/^\//, "").replace(/\//g, ".");
      const detail = issue?.message ?? "Invalid input";
      // A malformed id in the path names nothing that exists: that is a 404, like any unknown id.
      if (error.validationContext === "params") return reply.status(404).send({ message: detail });
      // Our own messages already name the field ("name is required"); zod's defaults do not.
      const message = path && ZOD_DEFAULT_MESSAGE.test(detail) ? `${path}: ${detail}` : detail;
      return reply.status(400).send({ message });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: "Request body is too large" });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error) });
    }
    const unavailable = serviceUnavailableError(error);
    if (unavailable) {
      // The driver's own words only: the wrapping query error would carry the statement's values.
      request.log.warn({ reason: driverReason(error) }, "database unavailable");
      return reply.status(503).headers(unavailable.headers).send({ message: unavailable.message });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ message: "Internal Server Error" });
  });
}

function clientMessage(error: FastifyError): string {
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) return "Malformed JSON body";
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return "Unsupported content type; send JSON";
  if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") return "Request body is empty";
  return error.message;
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
