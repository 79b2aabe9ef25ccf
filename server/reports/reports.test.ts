import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { ERROR_REPORTS_PER_HOUR } from "../../contracts/limits.js";
import { EMPTY_REPORT_MESSAGE } from "../../contracts/reports.js";
import type { AdminEvent } from "../realtime/event-bus.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { EVENT_MESSAGE_PREVIEW } from "./service.js";

// LISTEN/NOTIFY delivers a moment after the answer; a loaded machine can make that moment long.
const EVENT_WAIT = { timeout: 10_000, interval: 20 };

describeEachEngine("error reports from users", (engine) => {
  let t: TestApp;
  let user: MadeUser;
  const events: AdminEvent[] = [];

  beforeAll(async () => {
    t = await startTestApp(engine);
    await makeOwner(t);
    user = await makeUser(t, { admin: false });
    t.deps.bus.subscribe((e) => events.push(e));
  });
  afterAll(() => t.close());

  const report = (payload: Record<string, unknown>, cookie = user.cookie) =>
    t.app.inject({ method: "POST", url: "/api/error-report", payload, headers: cookie ? { cookie } : {} });
  const valid = {
    errorType: "bug",
    severity: "medium",
    message: "The chat page is blank",
    details: "After login",
    url: "http://x/chat",
  };

  it("refuses a signed-out reporter with 401", async () => {
    expect((await report(valid, "")).statusCode).toBe(401);
  });

  it("refuses an empty or blank message with the spec's text", async () => {
    for (const message of ["", "   ", undefined]) {
      const res = await report({ ...valid, message });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(EMPTY_REPORT_MESSAGE);
    }
  });

  it("refuses an unknown issue type or severity with 400 naming the allowed values", async () => {
    const badType = await report({ ...valid, errorType: "typo" });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe("errorType must be one of bug, glitch, error, crash, other");
    const badSeverity = await report({ ...valid, severity: "urgent" });
    expect(badSeverity.statusCode).toBe(400);
    expect(badSeverity.json().message).toBe("severity must be one of low, medium, high, critical");
  });

  it("stores a report with 201 and tells the admins, once more as critical when it is", async () => {
    events.length = 0;
    const res = await report({ ...valid, severity: "critical", message: "  Nothing loads  ", details: null });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(String), message: "Report submitted" });
    // Through LISTEN/NOTIFY on PostgreSQL the events arrive a moment after the answer.
    await vi.waitFor(() => {
      expect(events).toContainEqual({ type: "error_report", severity: "critical", message: "Nothing loads" });
      expect(events).toContainEqual({ type: "critical_error", message: "Nothing loads" });
      expect(events).toContainEqual({ type: "stats_changed" });
    }, EVENT_WAIT);
    expect(events.filter((e) => e.type === "critical_error")).toHaveLength(1);
  });

  it("keeps live events short: a long message travels as a preview", async () => {
    events.length = 0;
    expect((await report({ ...valid, message: "x".repeat(1500) })).statusCode).toBe(201);
    await vi.waitFor(() => {
      const sent = events.find((e) => e.type === "error_report");
      expect(sent && "message" in sent ? sent.message.length : 0).toBe(EVENT_MESSAGE_PREVIEW);
    }, EVENT_WAIT);
  });

  it(`limits a user to ${ERROR_REPORTS_PER_HOUR} reports an hour with 429, and lets them report again an hour later`, async () => {
    const reporter = await makeUser(t, { admin: false });
    const burst = await Promise.all(
      Array.from({ length: ERROR_REPORTS_PER_HOUR + 3 }, () => report(valid, reporter.cookie)),
    );
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(ERROR_REPORTS_PER_HOUR);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0].headers["retry-after"]).toBe("3600");
    expect((await report(valid)).statusCode).toBe(201); // another user is not affected
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await report(valid, reporter.cookie)).statusCode).toBe(201);
  });
});
