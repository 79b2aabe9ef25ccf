import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { signupPayload } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { serializeError } from "./log-redaction.js";

/** A log sink owned by one test. */
function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { stream, text: () => lines.join("") };
}

describeEachEngine("log lines of a failed query", (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("name the statement and the error code but carry no parameter, hash or personal data", async () => {
    const sink = logSink();
    t = await startTestApp(engine, { overrides: { logger: { level: "info", stream: sink.stream } } });
    // Every insert into users fails from now on, inside the database, as a real fault would.
    await t.deps.db.db.execute(sql`create function refuse_users() returns trigger language plpgsql as $$
      begin raise exception 'users are read-only' using errcode = 'P0001'; end $$`);
    await t.deps.db.db.execute(
      sql`create trigger refuse_users before insert on users for each row execute function refuse_users()`,
    );
    const person = signupPayload({ phoneNumber: "+44 7700 900123", address: "221B Baker Street" });
    const res = await t.app.inject({ method: "POST", url: "/api/signup", payload: person });
    expect(res.statusCode).toBe(500);

    const log = sink.text();
    expect(log).toContain("request failed");
    expect(log).toContain("P0001");
    expect(log).toContain("users are read-only");
    expect(log).toContain('insert into \\"users\\"');
    for (const secret of [person.email, person.phoneNumber, person.address, person.password, "$argon2"]) {
      expect(log).not.toContain(secret);
    }
    expect(res.body).not.toContain(person.email);
  });
});

describe("serializing a driver error", () => {
  it("masks values PostgreSQL quotes in its own messages and drops detail", () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "alice@example.com"'), {
      code: "22P02",
      detail: "Key (email)=(alice@example.com) already exists.",
      routine: "string_to_uuid",
    });
    const safe = JSON.stringify(serializeError(error));
    expect(safe).not.toContain("alice@example.com");
    expect(safe).toContain("22P02");
    expect(safe).toContain("string_to_uuid");
  });

  it("keeps ordinary errors' messages and stacks", () => {
    const safe = serializeError(new TypeError("x is not a function"));
    expect(safe.message).toBe("x is not a function");
    expect(safe.stack).toContain("TypeError");
  });
});
