/**
 * Test support: a real HTTP client of an event stream (GET /api/conversations/{id}/live, GET
 * /api/live-conversations/events) that records each frame with the moment it arrived, so a test
 * can wait for the next one and measure how long it took.
 */
import { parseSseFrames } from "../../contracts/chat-sse.js";

export interface LiveFrame {
  event: string;
  data: unknown;
  at: number;
}

export interface LiveStreamClient {
  frames: LiveFrame[];
  /**
   * The first `event` frame that arrived after `since` (performance.now()) and whose data
   * `matches`; rejects after `deadlineMs`. A frame of an earlier action can arrive after `since`
   * (across instances it travels through NOTIFY), so a test waiting for one state passes `matches`.
   */
  next(event: string, since: number, deadlineMs: number, matches?: (data: unknown) => boolean): Promise<LiveFrame>;
  /** `next("state", …)`: the conversation stream's frame. */
  nextState(since: number, deadlineMs: number, matches?: (data: unknown) => boolean): Promise<LiveFrame>;
  close(): void;
}

export function openLiveStream(base: string, conversationId: string, cookie: string): Promise<LiveStreamClient> {
  return openStreamClient(`${base}/api/conversations/${conversationId}/live`, cookie);
}

export async function openStreamClient(url: string, cookie: string): Promise<LiveStreamClient> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`${url} answered ${res.status}`);
  const frames: LiveFrame[] = [];
  const waiters = new Set<() => void>();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        const parsed = parseSseFrames(buffer + decoder.decode(chunk, { stream: true }));
        buffer = parsed.rest;
        for (const frame of parsed.frames) frames.push({ event: frame.event, data: JSON.parse(frame.data), at });
        for (const wake of waiters) wake();
      }
    } catch {
      // Closed by the test.
    }
  })();
  const next = (event: string, since: number, deadlineMs: number, matches = (_data: unknown) => true) =>
    new Promise<LiveFrame>((resolve, reject) => {
      const check = () => {
        const hit = frames.find((f) => f.event === event && f.at >= since && matches(f.data));
        if (!hit) return;
        done();
        resolve(hit);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching ${event} frame within ${deadlineMs} ms`));
      }, deadlineMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return {
    frames,
    next,
    nextState: (since, deadlineMs, matches) => next("state", since, deadlineMs, matches),
    close: () => controller.abort(),
  };
}
