/**
 * Publishing an agent to customers (issue 25): the settings its owner (or an admin) sets, and
 * what a guest's browser sends and receives. One schema each, read by the server's routes, the
 * settings screen, the public page and the widget.
 */
import { z } from "zod";
import { CHAT_MESSAGE_MAX } from "./limits.js";

/** A slug: lower-case letters, digits and inner hyphens, 3–64 characters (it sits in /a/{slug} and the widget's data-agent). */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,62}[a-z0-9])$/;
export const ALLOWED_ORIGINS_MAX = 20;
export const GREETING_MAX_CHARS = 500;
export const GUEST_MESSAGES_PER_HOUR_DEFAULT = 30;
export const GUEST_MESSAGES_PER_HOUR_MAX = 1_000;
/**
 * One address may carry several guests (an office, a school behind one NAT), so it gets this many
 * times a guest's hourly allowance before it is refused too.
 */
export const GUEST_ADDRESS_MULTIPLIER = 5;
/** A guest session lasts this long after it was made; the browser then starts a new one. */
export const GUEST_SESSION_DAYS = 30;
export const THEME_POSITIONS = ["bottom-right", "bottom-left"] as const;
export const DEFAULT_THEME_COLOR = "#4f46e5";
export const DEFAULT_GREETING = "Hello! How can I help you today?";

const slug = z.string({ error: "slug is required" }).trim().toLowerCase().regex(SLUG_PATTERN, {
  error: "slug may use only lower-case letters, digits and hyphens (not at either end), 3 to 64 characters",
});

/** An origin as a browser sends it: scheme, host and port only (`https://shop.example.com`). */
export function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.username || url.password) return null;
    if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash) return null;
    return url.origin;
  } catch {
    return null;
  }
}

const origin = z
  .string()
  .max(300, { error: "an allowed origin may be at most 300 characters" })
  .transform((value, ctx) => {
    const normalised = normaliseOrigin(value);
    if (!normalised) {
      ctx.addIssue({
        code: "custom",
        message: `allowedOrigins: "${value.slice(0, 60)}" is not an origin like https://shop.example.com`,
      });
      return z.NEVER;
    }
    return normalised;
  });

export const PublishingSchema = z.object({
  enabled: z.boolean(),
  slug: z.string(),
  allowedOrigins: z.array(z.string()),
  greeting: z.string(),
  voice: z.boolean(),
  guestMessagesPerHour: z.number().int(),
  themeColor: z.string(),
  themePosition: z.enum(THEME_POSITIONS),
  /** Tool ids (server/db/schema-tools.ts agent_tools) a guest's turn may call; the others are left out of guest turns. */
  guestToolIds: z.array(z.string()),
});
export type Publishing = z.infer<typeof PublishingSchema>;

export const PublishingUpdateSchema = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false" }),
  slug,
  allowedOrigins: z
    .array(origin, { error: "allowedOrigins must be a list of origins" })
    .max(ALLOWED_ORIGINS_MAX, { error: `at most ${ALLOWED_ORIGINS_MAX} allowed origins` })
    .transform((list) => [...new Set(list)]),
  greeting: z
    .string({ error: "greeting is required" })
    .trim()
    .max(GREETING_MAX_CHARS, { error: `greeting may be at most ${GREETING_MAX_CHARS} characters` }),
  voice: z.boolean({ error: "voice must be true or false" }),
  guestMessagesPerHour: z
    .number({ error: "guestMessagesPerHour must be a number" })
    .int({ error: "guestMessagesPerHour must be a whole number" })
    .min(1, { error: "guestMessagesPerHour must be at least 1" })
    .max(GUEST_MESSAGES_PER_HOUR_MAX, { error: `guestMessagesPerHour may be at most ${GUEST_MESSAGES_PER_HOUR_MAX}` }),
  themeColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: "themeColor must be a colour like #4f46e5" })
    .transform((value) => value.toLowerCase())
    .default(DEFAULT_THEME_COLOR),
  themePosition: z
    .enum(THEME_POSITIONS, { error: "themePosition must be bottom-right or bottom-left" })
    .default("bottom-right"),
  guestToolIds: z
    .array(z.uuid({ error: "guestToolIds must name tools by id" }))
    .max(50)
    .default([]),
});
export type PublishingUpdate = z.infer<typeof PublishingUpdateSchema>;

/** What the public page and the widget read about a published agent before a guest types. */
export const PublicAgentSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** A short line under the name (the agent's role). */
  role: z.string().nullable(),
  greeting: z.string(),
  voice: z.boolean(),
  themeColor: z.string(),
  themePosition: z.enum(THEME_POSITIONS),
});
export type PublicAgent = z.infer<typeof PublicAgentSchema>;

export const GuestSessionRequestSchema = z.strictObject({
  /** The token of an earlier session of this browser: answered with the same guest and conversation. */
  token: z.string().max(500).optional(),
  /** The page the guest is on (the widget's host page), shown to members beside the conversation. */
  pageUrl: z.string().max(2_000).optional(),
});
export type GuestSessionRequest = z.infer<typeof GuestSessionRequestSchema>;

export const GuestSessionSchema = z.object({
  token: z.string(),
  greeting: z.string(),
  /** The guest's conversation so far (empty for a new guest), oldest first. */
  messages: z.array(
    z.object({
      id: z.string(),
      role: z.enum(["user", "assistant"]),
      content: z.string(),
    }),
  ),
});
export type GuestSession = z.infer<typeof GuestSessionSchema>;

/** The label members read beside a guest's conversation. */
export const GUEST_CHANNEL_LABEL = { web: "Guest · web", api: "Guest · api" } as const;
export type GuestChannel = keyof typeof GUEST_CHANNEL_LABEL;

export const GuestChatRequestSchema = z.strictObject({
  message: z
    .string({ error: "message is required" })
    .max(CHAT_MESSAGE_MAX, `message must be at most ${CHAT_MESSAGE_MAX} characters`)
    .refine((value) => value.trim().length > 0, "message must not be empty"),
});
export type GuestChatRequest = z.infer<typeof GuestChatRequestSchema>;
