/**
 * A tool's headers at rest: one sealed JSON object per tool (secret-box.ts), opened only when a
 * call is made; what anyone else sees is each header's name and hint.
 */
import type { Config } from "../config.js";
import { createSecretBox, secretHint, secretsKey, type SecretBox } from "./secret-box.js";

const boxes = new WeakMap<Config, SecretBox>();

/** The instance's box, made once per configuration (the key derivation is not free). */
export function toolSecretBox(config: Pick<Config, "SECRETS_KEY" | "sessionSecret">): SecretBox {
  let box = boxes.get(config as Config);
  if (!box) {
    box = createSecretBox(secretsKey({ secretsKey: config.SECRETS_KEY, sessionSecret: config.sessionSecret }));
    boxes.set(config as Config, box);
  }
  return box;
}

export interface SealedHeaders {
  sealed: string | null;
  hints: { name: string; hint: string }[];
}

export function sealHeaders(box: SecretBox, headers: Record<string, string>): SealedHeaders {
  const names = Object.keys(headers);
  if (names.length === 0) return { sealed: null, hints: [] };
  return {
    sealed: box.seal(JSON.stringify(headers)),
    hints: names.map((name) => ({ name, hint: secretHint(headers[name]) })),
  };
}

export function openHeaders(box: SecretBox, sealed: string | null): Record<string, string> {
  if (!sealed) return {};
  const parsed: unknown = JSON.parse(box.open(sealed));
  return parsed as Record<string, string>;
}

/** Saved headers with a PATCH's changes: a value sets, null removes, an unnamed header stays. */
export function changedHeaders(
  saved: Record<string, string>,
  changes: Record<string, string | null>,
): Record<string, string> {
  const next = { ...saved };
  for (const [name, value] of Object.entries(changes)) {
    // Header names are case-insensitive: a change replaces any spelling of the same name.
    for (const existing of Object.keys(next)) if (existing.toLowerCase() === name.toLowerCase()) delete next[existing];
    if (value !== null) next[name] = value;
  }
  return next;
}
