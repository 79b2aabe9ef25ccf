import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanInput, cleanText } from "../../contracts/text-input.js";
import { agentPayload, makeAgent } from "../test-support/agent-factory.js";
import { makeOwner, makeUser, signupPayload, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";

const NUL = "\u0000";

describe("cleaning text input", () => {
  it("drops NUL and other C0 controls but keeps tabs and line breaks", () => {
    expect(cleanText(`a${NUL}b\u0007c\td\ne\r\nf\u000cg`)).toBe("abc\td\ne\r\nfg");
  });

  it("replaces lone surrogates and keeps well-formed pairs", () => {
    expect(cleanText("x\ud800y\udc00z😀")).toBe("x\ufffdy\ufffdz😀");
  });

  it("cleans strings at any depth without recursion and without touching prototypes", () => {
    let deep: unknown = `leaf${NUL}`;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    cleanInput(deep);
    let probe: unknown = deep;
    while (Array.isArray(probe)) probe = probe[0];
    expect(probe).toBe("leaf");

    const body = JSON.parse(`{"__proto__": "a${"\\u0000"}b", "name": "n"}`) as Record<string, unknown>;
    cleanInput(body);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(body, "__proto__")?.value).toBe("ab");
  });
});

describeEachEngine("a NUL character in any text field", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let user: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await makeOwner(t);
    user = await makeUser(t, { admin: false });
  });
  afterAll(() => t.close());

  it("is dropped from every sign-up field instead of answering 500", async () => {
    const clean = signupPayload();
    const payload = Object.fromEntries(
      Object.entries(clean).map(([key, value]) =>
        key === "email" ? [key, value.replace("@", `${NUL}@`)] : [key, `${value.slice(0, 2)}${NUL}${value.slice(2)}`],
      ),
    );
    const res = await t.app.inject({ method: "POST", url: "/api/signup", payload });
    expect(res.statusCode).toBe(201);
    const created = res.json().user;
    expect(created.email).toBe(clean.email);
    expect(created.fullName).toBe(clean.fullName);
    expect(created.address).toBe(clean.address);
  });

  it("is dropped from agent create and patch", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/agents",
      headers: { cookie: user.cookie },
      payload: agentPayload({ name: `Ava${NUL}`, description: `Helps${NUL} customers` }),
    });
    expect(created.statusCode).toBe(201);
    const stored = await t.app.inject({ url: `/api/agents/${created.json().id}`, headers: { cookie: user.cookie } });
    expect(stored.json().name).toBe("Ava");
    expect(stored.json().description).toBe("Helps customers");
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/agents/${created.json().id}`,
      headers: { cookie: user.cookie },
      payload: { description: `New${NUL} text` },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().description).toBe("New text");
  });

  it("is dropped from a chat message and the reply still comes", async () => {
    const agentId = await makeAgent(t, user.cookie);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/chat/${agentId}`,
      headers: { cookie: user.cookie },
      payload: { message: `Hello${NUL} there` },
    });
    expect(res.statusCode).toBe(200);
    const messages = await t.app.inject({
      url: `/api/conversations/${res.json().conversationId}/messages`,
      headers: { cookie: user.cookie },
    });
    expect(messages.json()[0].content).toBe("Hello there");
  });

  it("is dropped from an error report", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/error-report",
      headers: { cookie: user.cookie },
      payload: { errorType: "bug", severity: "low", message: `It${NUL} broke` },
    });
    expect(res.statusCode).toBe(201);
  });

  it("in the admin user search answers a list, not 500", async () => {
    const res = await t.app.inject({ url: "/api/admin/users?search=%00", headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it("in a path id answers 404", async () => {
    const res = await t.app.inject({ url: "/api/agents/%00", headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(404);
  });
});
