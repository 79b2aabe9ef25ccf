/** The one interface every embeddings backend implements, and the one error it throws. */

export interface EmbeddingsProvider {
  /** Stored beside each embedded document: vectors of different models are never compared. */
  readonly model: string;
  /**
   * One vector per text, in the order given. Splits large inputs into several requests.
   * Throws EmbeddingsError when the service fails, times out or answers something unusable.
   */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** The most inputs one request carries: OpenAI accepts 2,048, but small batches fail small. */
export const EMBEDDINGS_BATCH_MAX = 64;

export type EmbeddingsFailure =
  /** The service answered with an error status (the status is on the error). */
  | "http"
  /** The service could not be reached, or the connection broke. */
  | "network"
  /** No answer within the provider's time bound. */
  | "timeout"
  /** An answer that is not one vector per input of a consistent length. */
  | "malformed"
  /** The caller's signal aborted the request. */
  | "aborted";

export class EmbeddingsError extends Error {
  constructor(
    message: string,
    readonly reason: EmbeddingsFailure,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "EmbeddingsError";
  }
}
