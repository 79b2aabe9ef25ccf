/**
 * A voice call's end is its outcome's moment (issue 26): ending the call extracts the outcome
 * without waiting for the idle sweep (the clock never moves here, so the sweep cannot be the cause).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ConversationOutcome } from "../../contracts/outcomes.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { makeVoiceAgent, post, startVoiceConversation } from "../voice/voice-test-support.js";

describeEachEngine("a voice call's end", (engine) => {
  let t: TestApp;
  let user: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    user = await makeUser(t, { admin: false });
  });
  afterAll(async () => t?.close());

  it("extracts the call's outcome as soon as the call ends", async () => {
    const agentId = await makeVoiceAgent(t, user);
    const id = await startVoiceConversation(t, user, agentId);
    const said = await post(t, user, `/api/voice-conversations/${id}/chat`, {
      message: "Hi, my name is Lucia Gomez and my email is lucia@example.com",
      language: "en-US",
    });
    expect(said.statusCode, said.body).toBe(200);
    const outcome = async () =>
      (
        await t.app.inject({ method: "GET", url: `/api/conversations/${id}/outcome`, headers: { cookie: user.cookie } })
      ).json<ConversationOutcome>();
    expect((await outcome()).extractedAt).toBeNull();

    const ended = await post(t, user, `/api/voice-conversations/${id}/end`, undefined);
    expect(ended.statusCode).toBe(204);
    // Extraction runs after the answer: wait for it, however busy the machine.
    await expect.poll(async () => (await outcome()).extractedAt, { timeout: 10_000 }).not.toBeNull();
    expect(JSON.stringify((await outcome()).fields)).toContain("lucia@example.com");
  });
});
