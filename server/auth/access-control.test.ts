import { errorBody } from "../../contracts/errors.js";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { SIGNED_IN } from "../http/route-access.js";
import { createGuards, registerAccessControl } from "./guards.js";

describeEachEngine("access control", (engine) => {
  let t: TestApp;
  let user: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await makeOwner(t);
    user = await makeUser(t, { admin: false });
  });
  afterAll(() => t.close());

  it("a signed-out caller is refused with 401 before the body is validated", async () => {
    const agents = await t.app.inject({ method: "POST", url: "/api/agents", payload: {} });
    expect(agents.statusCode).toBe(401);
    expect(agents.json()).toEqual(errorBody("UNAUTHORIZED"));
    const report = await t.app.inject({ method: "POST", url: "/api/error-report", payload: { nonsense: 1 } });
    expect(report.statusCode).toBe(401);
    const chat = await t.app.inject({ method: "POST", url: "/api/chat/not-an-id", payload: "[" });
    expect(chat.statusCode).toBe(401);
  });

  it("a signed-in ordinary user is refused admin routes with 403 before the body is validated", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/reset-all",
      headers: { cookie: user.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it("a signed-in user still gets the readable validation message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/agents",
      headers: { cookie: user.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/name/i);
  });
});

describe("access declarations", () => {
  it("an API route that declares no access stops the app from starting", async () => {
    const app = Fastify();
    registerAccessControl(
      app,
      createGuards({ db: undefined as never, clock: { now: () => new Date() }, sessionSecret: "x" }),
    );
    app.get("/api/declared", SIGNED_IN, async () => ({}));
    expect(() => app.get("/api/forgotten", async () => ({}))).toThrow(/declares no access/);
    await app.close();
  });
});
