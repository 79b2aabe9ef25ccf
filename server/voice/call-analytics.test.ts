import { afterAll, beforeAll, expect, it } from "vitest";
import type { AnalyticsReport } from "../../contracts/usage.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { makeVoiceAgent, post, startVoiceConversation } from "./voice-test-support.js";

describeEachEngine("voice minutes in analytics", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let user: MadeUser;
  let agentId: string;

  beforeAll(async () => {
    t = await startTestApp(engine, { env: { VOICE_SESSION_SECONDS: "120" } });
    admin = await makeOwner(t, { companyName: "Call Analytics Admins" });
    user = await makeUser(t, { companyName: "Callers" });
    agentId = await makeVoiceAgent(t, user);
  });
  afterAll(() => t.close());

  const report = async (): Promise<AnalyticsReport> => {
    const day = t.clock.now().toISOString().slice(0, 10);
    const res = await t.app.inject({
      url: `/api/admin/analytics?from=${day}&to=${day}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json<AnalyticsReport>();
  };

  it("counts each call's wall length once, not the estimated seconds of its turns", async () => {
    const first = await startVoiceConversation(t, user, agentId);
    t.clock.advance(9_000);
    const long = "Could you tell me, in as much detail as you like, how the quarterly figures were put together?";
    expect((await post(t, user, `/api/voice-conversations/${first}/chat`, { message: long })).statusCode).toBe(200);
    // Mid-call, analytics has the call's length so far.
    expect((await report()).totals.voiceSeconds).toBe(9);
    t.clock.advance(21_000);
    expect((await post(t, user, `/api/voice-conversations/${first}/end`, {})).statusCode).toBe(204);
    // Ending twice, or a late clip, never counts it again.
    expect((await post(t, user, `/api/voice-conversations/${first}/end`, {})).statusCode).toBe(204);
    expect((await report()).totals.voiceSeconds).toBe(30);

    const second = await startVoiceConversation(t, user, agentId);
    t.clock.advance(12_000);
    expect((await post(t, user, `/api/voice-conversations/${second}/end`, {})).statusCode).toBe(204);
    const after = await report();
    expect(after.totals.voiceSeconds).toBe(42);
    expect(after.agents.map((a) => a.voiceSeconds)).toEqual([42]);
    expect(after.users.map((u) => [u.email, u.voiceSeconds])).toEqual([[user.email, 42]]);
  });
});
