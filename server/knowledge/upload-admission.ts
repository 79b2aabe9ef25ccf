/**
 * How many knowledge files (uploads, pastes, re-indexings) one person may have in flight at
 * once. Reading files is the host's scarcest work, so a person past the cap is answered 429 with
 * Retry-After before their body is read or anything is queued. Counted per server instance.
 */
import { retryLater } from "../http/http-error.js";

/** When to try again: about the time one file takes to read. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

export interface UploadAdmission {
  /** Takes one of the person's places, or throws 429; call the returned function when the work ends. */
  admit(userId: string): () => void;
}

export function createUploadAdmission(perUser: number): UploadAdmission {
  const inFlight = new Map<string, number>();
  return {
    admit(userId) {
      const held = inFlight.get(userId) ?? 0;
      if (held >= perUser) {
        throw retryLater(UPLOAD_RETRY_AFTER_SECONDS, "TOO_MANY_UPLOADS", { limit: perUser });
      }
      inFlight.set(userId, held + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (inFlight.get(userId) ?? 1) - 1;
        if (left > 0) inFlight.set(userId, left);
        else inFlight.delete(userId);
      };
    },
  };
}
