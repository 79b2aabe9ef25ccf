/**
 * API keys (issue 25): what an agent's owner (or an admin) creates, lists and revokes so that an
 * app can call the agent through the OpenAI-compatible `/v1` API. The key itself is answered
 * once, at creation; afterwards only its prefix identifies it.
 */
import { z } from "zod";

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "adk_";
/** How much of a key the list shows: the fixed prefix and a few random characters. */
export const API_KEY_SHOWN_CHARS = 12;
export const API_KEY_NAME_MAX = 80;
export const API_KEYS_PER_AGENT_MAX = 20;

export const ApiKeyCreateSchema = z.strictObject({
  name: z
    .string({ error: "name is required" })
    .trim()
    .min(1, { error: "name is required: say which app will use the key" })
    .max(API_KEY_NAME_MAX, { error: `name may be at most ${API_KEY_NAME_MAX} characters` }),
});
export type ApiKeyCreate = z.infer<typeof ApiKeyCreateSchema>;

/** A key as the list shows it: never the key itself. */
export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`adk_AbCdEfGh`), to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  /** Null until an app first uses it; updated at most once a minute. */
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The answer to a creation: the only time the key is shown. */
export const ApiKeyCreatedSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
});
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;
