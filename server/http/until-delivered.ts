/**
 * Waits until what a route streamed has left for the client: the body's queued bytes piped into
 * the response and the socket's buffer handed to the operating system. For work that would hold
 * the event loop (a PGlite write runs on it) and so hold back bytes already sent, such as a
 * voice turn's reply audio. Ends early when the client goes, and after `maxWaitMs` regardless (a
 * client that stops reading must not keep a turn's records from being stored).
 */
import { once } from "node:events";
import type { ServerResponse } from "node:http";
import type { Readable } from "node:stream";

export async function untilDelivered(body: Readable, res: ServerResponse, maxWaitMs = 2000): Promise<void> {
  const gone = new AbortController();
  const onClose = () => gone.abort();
  res.once("close", onClose);
  const signal = AbortSignal.any([gone.signal, AbortSignal.timeout(maxWaitMs)]);
  try {
    // One turn of the event loop first: frames are written on the next tick (sse-writer.ts) and
    // piped on after that, so a queue that looks empty now may not be.
    do {
      // The socket's own flag: the response's clears once it has ended, with bytes still queued.
      const socket = res.socket;
      if (socket?.writableNeedDrain) await once(socket, "drain", { signal }).catch(() => undefined);
      else await new Promise((resolve) => setImmediate(resolve));
    } while (!signal.aborted && !res.destroyed && (body.readableLength > 0 || res.writableLength > 0));
  } finally {
    res.off("close", onClose);
  }
}
