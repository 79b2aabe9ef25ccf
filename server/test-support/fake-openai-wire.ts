/** Wire-level pieces of the fake OpenAI server: a tiny valid WAV, a multipart/form-data parser, bodies in and JSON out. */
import type { IncomingMessage, ServerResponse } from "node:http";

export const FAKE_MODEL_ID = "fake-model";

export interface MultipartFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, MultipartFile>;
}

/** A tenth of a second of a quiet 440 Hz tone: valid RIFF/WAVE, 16-bit mono PCM at 16 kHz. */
function makeToneWav(): Buffer {
  const sampleRate = 16_000;
  const sampleCount = sampleRate / 10;
  const dataBytes = sampleCount * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write("WAVE", 8, "ascii");
  wav.write("fmt ", 12, "ascii");
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < sampleCount; i++) {
    wav.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), 44 + i * 2);
  }
  return wav;
}

export const FAKE_WAV: Buffer = makeToneWav();

/** Parses multipart/form-data (the transcription upload), enough for what our STT client sends. */
export function parseMultipart(raw: Buffer, contentType: string): MultipartForm {
  const form: MultipartForm = { fields: {}, files: {} };
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundaryText = boundary?.[1] ?? boundary?.[2];
  if (!boundaryText) return form;
  const delimiter = Buffer.from(`--${boundaryText}`);

  let cursor = raw.indexOf(delimiter);
  while (cursor !== -1) {
    const partStart = cursor + delimiter.length;
    if (raw.subarray(partStart, partStart + 2).toString() === "--") break;
    const next = raw.indexOf(delimiter, partStart);
    if (next === -1) break;
    // Each part sits between "<delimiter>\r\n" and "\r\n<next delimiter>".
    const part = raw.subarray(partStart + 2, next - 2);
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString("utf8");
      const content = part.subarray(headerEnd + 4);
      const name = /(?:^|;)\s*name="([^"]*)"/im.exec(headers)?.[1];
      const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
      const partType = /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? "application/octet-stream";
      if (name !== undefined && filename !== undefined) {
        form.files[name] = { filename, contentType: partType, bytes: Buffer.from(content) };
      } else if (name !== undefined) {
        form.fields[name] = content.toString("utf8");
      }
    }
    cursor = next;
  }
  return form;
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

export function sendError(res: ServerResponse, status: number, message: string, type: string): void {
  sendJson(res, status, { error: { message, type, param: null, code: null } });
}
