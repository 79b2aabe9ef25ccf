/**
 * A request Node's parser refuses (here: headers over the size limit) is answered in our
 * `{ message }` shape with `Connection: close`, so a client never reuses the socket the server
 * closes after it (generated input found a keep-alive client's next request failing unanswered).
 */
import { errorBody } from "../../contracts/errors.js";
import { connect } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test-support/test-app.js";

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await startTestApp("pglite");
  port = Number(new URL(await t.app.listen({ port: 0, host: "127.0.0.1" })).port);
});
afterAll(async () => t?.close());

/** Sends raw bytes and resolves with everything the server wrote before it closed the socket. */
function exchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

it("answers headers over the limit with 431, a message and Connection: close, then closes", async () => {
  const answer = await exchange(
    `GET /api/agents HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
  );
  const [head, body] = answer.split("\r\n\r\n");
  expect(head.split("\r\n")[0]).toBe("HTTP/1.1 431 Request Header Fields Too Large");
  expect(head.toLowerCase()).toContain("connection: close");
  expect(JSON.parse(body)).toEqual(errorBody("HEADERS_TOO_LARGE"));
});

it("answers bytes that are not HTTP with 400 and Connection: close", async () => {
  const answer = await exchange("NOT HTTP AT ALL\r\n\r\n");
  expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
  expect(answer.toLowerCase()).toContain("connection: close");
});
