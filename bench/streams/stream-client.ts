/**
 * One streamed chat held open by the benchmark, over node:http (lighter than fetch's web
 * streams, so 2,000 of them fit in the client's share of the machine). Counts frames by their
 * `event:` lines as they arrive; keeps the times of the first delta and of `done`.
 */
import { request, type Agent } from "node:http";

export interface StreamOutcome {
  /** Milliseconds from the request to the first delta, or -1. */
  firstDeltaMs: number;
  /** Milliseconds from the request to `done`, or -1. */
  doneMs: number;
  deltas: number;
  /** Why the stream failed: HTTP status, an `error` event, a socket error, or an end without `done`. */
  failure: string | null;
}

export interface OpenStream {
  /** Resolves when the first delta arrives (or the stream fails first). */
  firstDelta: Promise<void>;
  outcome: Promise<StreamOutcome>;
  /** The client leaves: closes the connection mid-reply (the outcome then says "left"). */
  leave(): void;
}

/** Deltas received by every stream so far: the benchmark reads it around a window. */
export const deltaCounter = { count: 0 };

export function openChatStream(
  base: URL,
  agent: Agent,
  user: { cookie: string; agentId: string },
  message: string,
): OpenStream {
  const started = performance.now();
  const outcome: StreamOutcome = { firstDeltaMs: -1, doneMs: -1, deltas: 0, failure: null };
  let markFirst: () => void = () => undefined;
  const firstDelta = new Promise<void>((resolve) => (markFirst = resolve));
  const body = JSON.stringify({ message });
  let leave: () => void = () => undefined;
  const done = new Promise<StreamOutcome>((resolve) => {
    const finish = (failure: string | null) => {
      if (failure && !outcome.failure) outcome.failure = failure;
      markFirst();
      resolve(outcome);
    };
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        path: `/api/chat/${user.agentId}`,
        method: "POST",
        agent,
        headers: {
          cookie: user.cookie,
          accept: "text/event-stream",
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => finish(`HTTP ${res.statusCode}: ${text.slice(0, 120)}`));
          return;
        }
        res.setEncoding("utf8");
        let pending = "";
        res.on("data", (chunk: string) => {
          pending += chunk;
          const lines = pending.split("\n");
          pending = lines.pop() ?? "";
          for (const line of lines) {
            if (!line.startsWith("event: ")) continue;
            const event = line.slice(7);
            if (event === "delta") {
              outcome.deltas += 1;
              deltaCounter.count += 1;
              if (outcome.firstDeltaMs < 0) {
                outcome.firstDeltaMs = performance.now() - started;
                markFirst();
              }
            } else if (event === "done") {
              outcome.doneMs = performance.now() - started;
            } else if (event === "error") {
              outcome.failure ??= "error event";
            }
          }
        });
        res.on("end", () => finish(outcome.doneMs < 0 ? "ended without done" : null));
        res.on("error", (error) => finish(`response: ${error.message}`));
      },
    );
    req.on("error", (error) => finish(`request: ${error.message}`));
    req.end(body);
    leave = () => {
      if (outcome.doneMs < 0 && !outcome.failure) outcome.failure = "left";
      req.destroy();
      finish(null);
    };
  });
  return { firstDelta, outcome: done, leave: () => leave() };
}
