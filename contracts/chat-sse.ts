/**
 * The wire format of the chat event stream, shared by the server (writing), the web client
 * and tests/benchmarks (reading): `event: <name>\ndata: <one JSON line>\n\n`.
 */

export interface SseFrame {
  event: string;
  data: string;
}

export function formatSseFrame(event: string, data: unknown): string {
  // JSON.stringify escapes newlines, so the data always fits on one `data:` line.
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Splits buffered text into complete frames; `rest` is an unfinished frame to prepend to the
 * next chunk. Comment lines (": …") and unknown fields are ignored, as the SSE spec says.
 */
export function parseSseFrames(buffer: string): { frames: SseFrame[]; rest: string } {
  const frames: SseFrame[] = [];
  const normalised = buffer.replace(/\r\n?/g, "\n");
  const blocks = normalised.split("\n\n");
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length > 0) frames.push({ event, data: data.join("\n") });
  }
  return { frames, rest };
}
