/** The one interface every reranking backend implements (declared with the app's dependencies), and the one error it throws. */

export type { Reranker } from "../../app-deps.js";

export type RerankFailure =
  /** The service answered with an error status (the status is on the error). */
  | "http"
  /** The service could not be reached, or the connection broke. */
  | "network"
  /** No answer within the provider's time bound. */
  | "timeout"
  /** An answer that is not a list of scores for the documents sent. */
  | "malformed"
  /** The caller's signal aborted the request. */
  | "aborted";

export class RerankError extends Error {
  constructor(
    message: string,
    readonly reason: RerankFailure,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "RerankError";
  }
}
