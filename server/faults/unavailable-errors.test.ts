/**
 * Which failures mean "the database is unavailable" (503, retry shortly) and which are bugs
 * (500): the driver's words for an outage, however deeply drizzle or Node wrap them. The
 * outage tests produce the common ones on a real server; the rarer ones are listed here.
 */
import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../db/connect.js";

const withCode = (message: string, code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { code, ...extra });

describe("telling an unavailable database from a failing query", () => {
  it.each([
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED", { syscall: "connect" })],
    ["a reset connection", withCode("read ECONNRESET", "ECONNRESET", { syscall: "read" })],
    ["an unknown host", withCode("getaddrinfo ENOTFOUND db", "ENOTFOUND", { syscall: "getaddrinfo" })],
    ["a server shutting down (57P01)", withCode("terminating connection due to administrator command", "57P01")],
    ["a server starting up (57P03)", withCode("the database system is starting up", "57P03")],
    ["a connection failure (08006)", withCode("connection failure", "08006")],
    ["too many connections (53300)", withCode("sorry, too many clients already", "53300")],
    ["a connection that ended mid-query", new Error("Connection terminated unexpectedly")],
    ["a connect that timed out", new Error("Connection terminated due to connection timeout")],
    ["a pool with no free slot in time", new Error("timeout exceeded when trying to connect")],
    ["a client broken earlier", new Error("Client has encountered a connection error and is not queryable")],
    ["every address refusing", new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "")],
  ])("%s is unavailable, also when drizzle wraps it", (_name, driverError) => {
    expect(isDatabaseUnavailable(driverError)).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], driverError))).toBe(true);
  });

  it.each([
    ["a unique violation (23505)", withCode("duplicate key value violates unique constraint", "23505")],
    ["a syntax error (42601)", withCode('syntax error at or near "selec"', "42601")],
    ["a NUL byte in text (22021)", withCode("invalid byte sequence for encoding UTF8: 0x00", "22021")],
    ["a statement timeout (57014)", withCode("canceling statement due to statement timeout", "57014")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["something that is not an error", "Connection terminated unexpectedly"],
  ])("%s is not", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], error as Error))).toBe(false);
  });
});
