import { errorBody } from "../../contracts/errors.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makeAgent } from "../test-support/agent-factory.js";
import { makeOwner, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";

describeEachEngine("requests the router or the socket make odd", (engine) => {
  let t: TestApp;
  let owner: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    owner = await makeOwner(t);
  });
  afterAll(() => t.close());

  it("an over-long path id answers in our message shape without echoing the path", async () => {
    const id = "a".repeat(300);
    const res = await t.app.inject({ url: `/api/agents/${id}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual(errorBody("URL_TOO_LONG"));
  });

  it("an event-stream chat answers on a socket without setNoDelay (app.inject)", async () => {
    const agentId = await makeAgent(t, owner.cookie);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/chat/${agentId}`,
      headers: { cookie: owner.cookie, accept: "text/event-stream" },
      payload: { message: "Hello" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("event: done");
  });
});
