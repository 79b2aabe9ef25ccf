/**
 * A refusal a service throws: its status, its `{ code, message, ...fields }` body from the error
 * catalogue (contracts/errors.ts), and any headers (Retry-After, made from the fields' wait).
 */
import { errorBody, errorStatus, type ApiErrorBody, type ErrorArgs, type ErrorCode } from "../../contracts/errors.js";

export class HttpError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    readonly body: ApiErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = "HttpError";
    this.code = body.code;
  }
}

/** The catalogue's refusal `code` at its own status. */
export function apiError<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): HttpError {
  return new HttpError(errorStatus(code), errorBody(code, ...args));
}

/** A refusal told inside an event stream that has already begun: its body and the status it would have had. */
export function streamedError(error: HttpError): ApiErrorBody & { status: number } {
  return { status: error.statusCode, ...error.body };
}

/** The same, telling the client when to try again (Retry-After, in whole seconds). */
export function retryLater<C extends ErrorCode>(seconds: number, code: C, ...args: ErrorArgs<C>): HttpError {
  return new HttpError(errorStatus(code), errorBody(code, ...args), { "Retry-After": String(Math.max(1, seconds)) });
}
