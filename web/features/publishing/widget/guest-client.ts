/**
 * The guest's side of the public channel (server/publishing/public-routes.ts): the agent's
 * public card, a session kept in localStorage (so a reload resumes the conversation), and a
 * turn read from the chat event stream. Types only from contracts: the widget must not carry
 * zod (its budget is 30 kB gzipped).
 */
import type { Citation } from "../../../../contracts/knowledge.js";
import { parseSseFrames } from "../../../../contracts/chat-sse.js";
import type { GuestSession, PublicAgent } from "../../../../contracts/publishing.js";

export interface TurnHandlers {
  onDelta(text: string): void;
  onDone(done: { response: string; citations: Citation[]; securityLock: boolean }): void;
  onError(message: string): void;
}

export class GuestClient {
  private token: string | null = null;

  constructor(
    private readonly host: string,
    private readonly slug: string,
  ) {}

  private get storageKey(): string {
    return `agentdesk-guest:${this.host}:${this.slug}`;
  }

  private url(path: string): string {
    return `${this.host}/api/public/${encodeURIComponent(this.slug)}${path}`;
  }

  /** The agent's card; null when it is not published or this site may not embed it. */
  async agent(): Promise<PublicAgent | null> {
    const res = await fetch(this.url(""), { credentials: "omit" });
    return res.ok ? ((await res.json()) as PublicAgent) : null;
  }

  async session(): Promise<GuestSession> {
    let saved: string | null = null;
    try {
      saved = localStorage.getItem(this.storageKey);
    } catch {
      // Storage refused (a sandboxed frame): the session lasts as long as the page.
    }
    const res = await fetch(this.url("/sessions"), {
      method: "POST",
      credentials: "omit",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...(saved ? { token: saved } : {}), pageUrl: location.href }),
    });
    if (!res.ok) throw new Error(await messageOf(res));
    const session = (await res.json()) as GuestSession;
    this.token = session.token;
    try {
      localStorage.setItem(this.storageKey, session.token);
    } catch {
      // As above.
    }
    return session;
  }

  /** Sends a message and relays the reply's events as they arrive. */
  async send(message: string, handlers: TurnHandlers): Promise<void> {
    const res = await fetch(this.url("/chat"), {
      method: "POST",
      credentials: "omit",
      headers: { "content-type": "application/json", authorization: `Bearer ${this.token ?? ""}` },
      body: JSON.stringify({ message }),
    });
    if (!res.ok || !res.body) return handlers.onError(await messageOf(res));
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    let buffer = "";
    let finished = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const parsed = parseSseFrames(buffer);
      buffer = parsed.rest;
      for (const frame of parsed.frames) {
        const data = JSON.parse(frame.data) as Record<string, unknown>;
        if (frame.event === "delta") handlers.onDelta(String(data.text ?? ""));
        if (frame.event === "done") {
          finished = true;
          handlers.onDone(data as unknown as Parameters<TurnHandlers["onDone"]>[0]);
        }
        if (frame.event === "error") {
          finished = true;
          handlers.onError(String(data.message ?? "The reply failed."));
        }
      }
    }
    if (!finished) handlers.onError("The conversation was closed.");
  }
}

async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: string };
    return body.message ?? `The request failed (${res.status}).`;
  } catch {
    return `The request failed (${res.status}).`;
  }
}
