import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { parseSseFrames } from "../../contracts/chat-sse.js";
import { createSseWriter } from "./sse-writer.js";

/** A destination that records each write and end separately, as the socket would see them. */
function recordingStream() {
  const writes: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      done();
    },
  });
  return { out, writes };
}

const nextIoTurn = () => new Promise((resolve) => setImmediate(resolve));

const framesOf = (text: string) => parseSseFrames(text).frames.map((f) => [f.event, JSON.parse(f.data) as unknown]);

describe("the SSE writer", () => {
  it("writes the frames sent in one tick together, in order, in a single write", async () => {
    const { out, writes } = recordingStream();
    const sse = createSseWriter(out);

    sse.send("conversation", { id: 1 });
    sse.send("delta", { text: "Hel" });
    sse.send("delta", { text: "lo" });
    await nextIoTurn();

    expect(writes).toHaveLength(1);
    expect(framesOf(writes[0] ?? "")).toEqual([
      ["conversation", { id: 1 }],
      ["delta", { text: "Hel" }],
      ["delta", { text: "lo" }],
    ]);
  });

  it("flushes a lone frame before the event loop turns to other I/O, and later frames in a write of their own", async () => {
    const { out, writes } = recordingStream();
    const sse = createSseWriter(out);

    sse.send("delta", { text: "first" });
    await nextIoTurn();
    expect(writes.map(framesOf)).toEqual([[["delta", { text: "first" }]]]);

    sse.send("delta", { text: "second" });
    await nextIoTurn();
    expect(writes.map(framesOf)).toEqual([[["delta", { text: "first" }]], [["delta", { text: "second" }]]]);
  });

  it("sends what is queued and the last frame in the one write that ends the stream", async () => {
    const { out, writes } = recordingStream();
    const sse = createSseWriter(out);
    const finished = new Promise((resolve) => out.once("finish", resolve));

    sse.send("delta", { text: "end" });
    sse.end("done", { response: "end" });
    await finished;

    expect(writes).toHaveLength(1);
    expect(framesOf(writes[0] ?? "")).toEqual([
      ["delta", { text: "end" }],
      ["done", { response: "end" }],
    ]);
    expect(sse.open).toBe(false);
  });

  it("ignores frames and second ends once the stream has ended or the other side has gone", async () => {
    const ended = recordingStream();
    const sse = createSseWriter(ended.out);
    sse.end("done", {});
    sse.end("error", { status: 500 });
    sse.send("delta", { text: "late" });
    await nextIoTurn();
    expect(ended.writes.map(framesOf)).toEqual([[["done", {}]]]);

    const gone = recordingStream();
    const leftBehind = createSseWriter(gone.out);
    leftBehind.send("delta", { text: "queued as the client left" });
    gone.out.destroy();
    leftBehind.send("delta", { text: "after" });
    leftBehind.end("done", {});
    await nextIoTurn();
    expect(gone.writes).toEqual([]);
    expect(leftBehind.open).toBe(false);
  });
});
