import { errorBody } from "../../contracts/errors.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminConversation, AdminVoiceConversation, AdminVoiceMessages } from "../../contracts/admin.js";
import { FAKE_WAV } from "../test-support/fake-openai.js";
import { makeAdminAndAcme, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { auditRows, insertConversation, insertVoiceAudio } from "../test-support/inserted-records.js";

describeEachEngine("all conversations", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let alice: MadeUser;
  let bob: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    // Alice signed up first: she is the company's first user.
    ({ admin, alice, bob } = await makeAdminAndAcme(t));
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });

  describe("conversations", () => {
    let textId: string;
    let lockedId: string;
    let voiceId: string;
    let audioId: string;

    beforeAll(async () => {
      const db = t.deps.db.db;
      textId = await insertConversation(db, { userId: alice.id, updatedAt: new Date("2026-06-01T08:00:00Z") });
      lockedId = await insertConversation(db, {
        userId: bob.id,
        updatedAt: new Date("2026-06-01T08:30:00Z"),
        lockedUntil: new Date(t.clock.now().getTime() + 30 * 60_000),
      });
      voiceId = await insertConversation(db, { userId: alice.id, kind: "voice", durationSeconds: 42 });
      audioId = await insertVoiceAudio(db, voiceId, FAKE_WAV);
    });

    it("lists everyone's text conversations, latest first, with the owner and the security lock", async () => {
      const list = (await get("/api/admin/conversations")).json<AdminConversation[]>();
      expect(list.map((c) => c.id)).toEqual([lockedId, textId]);
      expect(list[0]).toMatchObject({
        userId: bob.id,
        userName: "Bob Baker",
        userEmail: bob.email,
        agentName: "Ava",
        messageCount: 2,
        securityLock: true,
      });
      expect(list[1].securityLock).toBe(false);
      expect(list[0]).not.toHaveProperty("duration");
    });

    it("shows one conversation and its messages, and audits that the admin read them", async () => {
      expect((await get(`/api/admin/conversation/${textId}`)).json()).toMatchObject({
        id: textId,
        userEmail: alice.email,
      });
      const messages = (await get(`/api/admin/conversation/${textId}/messages`)).json<
        { role: string; content: string }[]
      >();
      expect(messages.map((m) => [m.role, m.content])).toEqual([
        ["user", "Hello there"],
        ["assistant", "Bonjour!"],
      ]);
      const rows = (await auditRows(t.deps.db.db, "conversation.read")).filter((r) => r.targetId === textId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorId: admin.id,
        targetType: "conversation",
        detail: { ownerEmail: alice.email },
      });
    });

    it("does not audit an admin reading their own conversation", async () => {
      const own = await insertConversation(t.deps.db.db, { userId: admin.id });
      expect((await get(`/api/admin/conversation/${own}/messages`)).statusCode).toBe(200);
      expect((await auditRows(t.deps.db.db, "conversation.read")).filter((r) => r.targetId === own)).toEqual([]);
    });

    it("answers 'Conversation not found.' with 404 for unknown and malformed ids", async () => {
      for (const url of [
        "/api/admin/conversation/00000000-0000-4000-8000-000000000000",
        "/api/admin/conversation/not-an-id/messages",
        "/api/admin/voice-conversations/00000000-0000-4000-8000-000000000000/messages",
        `/api/admin/voice-conversations/${textId}/messages`,
      ]) {
        const res = await get(url);
        expect({ url, status: res.statusCode, message: res.json().message }).toEqual({
          url,
          status: 404,
          message: errorBody("CONVERSATION_NOT_FOUND").message,
        });
      }
    });

    it("lists voice conversations with title and duration, and their messages with language and audio", async () => {
      const list = (await get("/api/admin/voice-conversations")).json<AdminVoiceConversation[]>();
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        id: voiceId,
        kind: "voice",
        title: "Voice conversation - 6/1/2026",
        duration: 42,
        userEmail: alice.email,
      });
      const body = (await get(`/api/admin/voice-conversations/${voiceId}/messages`)).json<AdminVoiceMessages>();
      expect(body.messages.map((m) => m.language)).toEqual(["fr-FR", "fr-FR"]);
      // A clip saved before clips were linked to messages names none, and has no known length.
      expect(body.audio).toEqual([
        {
          id: audioId,
          mimeType: "audio/wav",
          createdAt: expect.any(String),
          url: `/api/admin/voice-audio/${audioId}`,
          messageId: null,
          durationMs: null,
        },
      ]);
      expect(body.messages.map((m) => [m.interrupted, m.stages, m.audio])).toEqual([
        [false, null, []],
        [false, null, []],
      ]);
      expect((await auditRows(t.deps.db.db, "conversation.read")).some((r) => r.targetId === voiceId)).toBe(true);
    });

    it("streams a saved clip with its content type, and answers byte ranges so the player can seek", async () => {
      const whole = await get(`/api/admin/voice-audio/${audioId}`);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers["content-type"]).toBe("audio/wav");
      expect(whole.rawPayload.equals(FAKE_WAV)).toBe(true);
      const part = await t.app.inject({
        method: "GET",
        url: `/api/admin/voice-audio/${audioId}`,
        headers: { cookie: admin.cookie, range: "bytes=0-3" },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes 0-3/${FAKE_WAV.length}`);
      expect(part.rawPayload.toString()).toBe("RIFF");
      expect((await get("/api/admin/voice-audio/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    });

    it("never serves a stored non-audio type as itself", async () => {
      const id = await insertVoiceAudio(t.deps.db.db, voiceId, Buffer.from("<script>alert(1)</script>"), "text/html");
      expect((await get(`/api/admin/voice-audio/${id}`)).headers["content-type"]).toBe("application/octet-stream");
    });
  });
});
