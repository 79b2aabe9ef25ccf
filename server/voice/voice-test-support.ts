/** Helpers for the voice tests: conversations and calls through the real API, WAV data URLs, event streams. */
import { eq } from "drizzle-orm";
import { parseSseFrames } from "../../contracts/chat-sse.js";
import type { VoiceTurnEvent } from "../../contracts/voice.js";
import { messages, voiceAudio } from "../db/schema.js";
import { measureLevels, parseWav, readPcm16Samples } from "../providers/tts/wav.js";
import type { MadeUser } from "../test-support/factories.js";
import type { TestApp } from "../test-support/test-app.js";

export async function makeVoiceAgent(
  t: TestApp,
  user: MadeUser,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/agents",
    headers: { cookie: user.cookie },
    payload: { name: "Vera Voice", gender: "female", role: "Support Specialist", ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`agent create failed ${res.statusCode}: ${res.body}`);
  return (res.json() as { id: string }).id;
}

export async function startVoiceConversation(t: TestApp, user: MadeUser, agentId: string): Promise<string> {
  const res = await post(t, user, "/api/voice-conversations", { agentId });
  if (res.statusCode !== 201) throw new Error(`voice conversation failed ${res.statusCode}: ${res.body}`);
  return (res.json() as { id: string }).id;
}

export function post(t: TestApp, user: MadeUser | null, url: string, payload: unknown) {
  return t.app.inject({
    method: "POST",
    url,
    headers: user ? { cookie: user.cookie } : {},
    payload: payload as object,
  });
}

export function storedMessages(t: TestApp, conversationId: string) {
  return t.deps.db.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(messages.createdAt);
}

export function storedAudio(t: TestApp, conversationId: string) {
  return t.deps.db.db.select().from(voiceAudio).where(eq(voiceAudio.conversationId, conversationId));
}

export function wavDataUrl(wav: Buffer): string {
  return `data:audio/wav;base64,${wav.toString("base64")}`;
}

/** Decodes an audio data URL that should hold speech and measures it. */
export function describeSpokenDataUrl(audioUrl: string): { durationSeconds: number; peak: number; rms: number } {
  const match = /^data:audio\/wav;base64,(.+)$/.exec(audioUrl);
  if (!match) throw new Error(`not a WAV data URL: ${audioUrl.slice(0, 40)}…`);
  const wav = Buffer.from(match[1], "base64");
  const info = parseWav(wav);
  return { durationSeconds: info.durationSeconds, ...measureLevels(readPcm16Samples(wav, info)) };
}

/** The event stream of an injected turn, parsed; `order` lists event names as sent. */
export function turnEvents(body: string): { events: VoiceTurnEvent[]; order: string[] } {
  const { frames } = parseSseFrames(body);
  const events = frames.map(
    (frame) => ({ event: frame.event, data: JSON.parse(frame.data) as unknown }) as VoiceTurnEvent,
  );
  return { events, order: events.map((e) => e.event) };
}

type EventData<E extends VoiceTurnEvent["event"]> = Extract<VoiceTurnEvent, { event: E }>["data"];

export function eventsOf<E extends VoiceTurnEvent["event"]>(events: VoiceTurnEvent[], name: E): EventData<E>[] {
  return events.filter((e) => e.event === name).map((e) => e.data as EventData<E>);
}

/** The real LLM provider on the fake server, with bounds no healthy reply comes near (the chat tests' own). */
export { fakeLlm } from "../chat/chat-test-support.js";

/**
 * Posts a turn to a listening app and hands each event to `onEvent` as it arrives, so a test
 * can act at a known point of the stream (interrupt, abort, start another turn). An abort
 * through `signal` ends the read quietly: the events seen so far are returned.
 */
export async function streamTurn(
  baseUrl: string,
  user: MadeUser,
  conversationId: string,
  payload: Record<string, unknown>,
  options: { signal?: AbortSignal; onEvent?: (event: VoiceTurnEvent) => void | Promise<void> } = {},
): Promise<{ status: number; events: VoiceTurnEvent[] }> {
  const events: VoiceTurnEvent[] = [];
  let status = 0;
  try {
    const res = await fetch(`${baseUrl}/api/voice-conversations/${conversationId}/turn`, {
      method: "POST",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      body: JSON.stringify({ language: "en-US", ...payload }),
      signal: options.signal,
    });
    status = res.status;
    if (!res.body) return { status, events };
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      const parsed = parseSseFrames(buffer);
      buffer = parsed.rest;
      for (const frame of parsed.frames) {
        const event = { event: frame.event, data: JSON.parse(frame.data) as unknown } as VoiceTurnEvent;
        events.push(event);
        await options.onEvent?.(event);
      }
    }
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  }
  return { status, events };
}

/** The WAV bytes' length by their header, in ms (what a stored clip's duration_ms must say). */
export function wavMs(bytes: Uint8Array): number {
  return Math.round(parseWav(bytes).durationSeconds * 1000);
}

export function storedClipsOf(t: TestApp, messageId: string) {
  return t.deps.db.db.select().from(voiceAudio).where(eq(voiceAudio.messageId, messageId));
}
