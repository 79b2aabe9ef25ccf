/**
 * Streamed tool calls put back together. OpenAI sends each call's `id` and `function.name` in
 * its first fragment and the JSON `arguments` in pieces after it, all keyed by `index`; parallel
 * calls have their own indexes. Some servers (Ollama) reuse index 0 for every call of a batch and
 * tell them apart only by id, so a new id at an index already holding another call opens a call
 * of its own.
 */
import { LlmProviderError, type ModelToolCall } from "./llm-provider.js";

/** More calls than this in one reply is not a model asking for help but a stream gone wrong. */
const MAX_CALLS_PER_REPLY = 32;
/** A call's arguments past this are not arguments a tool should be given. */
const MAX_ARGUMENT_CHARS = 64 * 1024;

interface PendingCall {
  id: string;
  name: string;
  parts: string[];
  chars: number;
}

export interface ToolCallAssembler {
  /** Takes a delta's `tool_calls` array (anything else is ignored). */
  add(fragments: unknown): void;
  /** The calls so far, whole; empty when the model asked for none. */
  calls(): ModelToolCall[];
}

export function createToolCallAssembler(): ToolCallAssembler {
  const pending: PendingCall[] = [];
  /** The slot each raw index currently writes to. */
  const slotOfIndex = new Map<number, number>();

  function slotFor(index: number, id: string | null): PendingCall {
    const slot = slotOfIndex.get(index);
    const current = slot === undefined ? undefined : pending[slot];
    if (current && (id === null || id === current.id || current.id === "")) {
      if (id !== null && current.id === "") current.id = id;
      return current;
    }
    if (pending.length >= MAX_CALLS_PER_REPLY) {
      throw new LlmProviderError(
        `The model asked for more than ${MAX_CALLS_PER_REPLY} tool calls at once`,
        "malformed",
      );
    }
    const opened: PendingCall = { id: id ?? "", name: "", parts: [], chars: 0 };
    slotOfIndex.set(index, pending.push(opened) - 1);
    return opened;
  }

  return {
    add(fragments) {
      if (!Array.isArray(fragments)) return;
      for (const fragment of fragments as unknown[]) {
        if (typeof fragment !== "object" || fragment === null) continue;
        const record = fragment as Record<string, unknown>;
        const index = typeof record.index === "number" ? record.index : 0;
        const id = typeof record.id === "string" && record.id !== "" ? record.id : null;
        const call = slotFor(index, id);
        const fn = typeof record.function === "object" && record.function !== null ? record.function : {};
        const { name, arguments: args } = fn as Record<string, unknown>;
        if (typeof name === "string") call.name += name;
        if (typeof args === "string") {
          call.chars += args.length;
          if (call.chars > MAX_ARGUMENT_CHARS) {
            throw new LlmProviderError("The model's tool call arguments were too long", "malformed");
          }
          call.parts.push(args);
        }
      }
    },
    calls() {
      return pending.map((call, position) => ({
        // A server that sends no id still gets a call the answer can be matched to.
        id: call.id || `call_${position}`,
        name: call.name,
        arguments: call.parts.join(""),
      }));
    },
  };
}
