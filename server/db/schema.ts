/**
 * The core database schema: companies, accounts, agents, conversations, messages and voice
 * audio. Usage and quotas live in schema-usage.ts, knowledge in schema-knowledge.ts, error
 * reports and the audit log in schema-records.ts. Migrations in ./migrations are generated from
 * the four by `npm run db:generate` and committed; a test fails when they drift.
 */

import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  type AnyPgColumn,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { Citation } from "../../contracts/knowledge.js";
import { AGENT_LIMIT_PER_COMPANY } from "../../contracts/limits.js";
import type { VoiceTurnStages } from "../../contracts/voice.js";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/**
 * A company: the users who signed up with the same company name, compared trimmed and
 * lower-cased (`key`). Rows are made by the users_company trigger (migration 0003) whenever a
 * user is written, so sign-up needs to know nothing about them. Quotas are null when unlimited.
 */
export const companies = pgTable("companies", {
  id: uuid("id").primaryKey().defaultRandom(),
  key: text("key").notNull().unique(),
  /** The spelling of the company's first user. */
  name: text("name").notNull(),
  /** The spec's limit (AGENT_LIMIT_PER_COMPANY) until an admin changes it. */
  agentLimit: integer("agent_limit").notNull().default(AGENT_LIMIT_PER_COMPANY),
  messagesPerDay: integer("messages_per_day"),
  tokensPerMonth: bigint("tokens_per_month", { mode: "number" }),
  voiceMinutesPerMonth: integer("voice_minutes_per_month"),
  /** Knowledge files the company's agents may hold, in MB; null when unlimited. */
  knowledgeMegabytes: integer("knowledge_megabytes"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Stored lower-cased so sign-in is case-insensitive. */
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  fullName: text("full_name").notNull(),
  profileImageUrl: text("profile_image_url"),
  companyName: text("company_name").notNull(),
  /** Set by the users_company trigger from companyName; never null once written. */
  companyId: uuid("company_id").references(() => companies.id),
  phoneNumber: text("phone_number").notNull(),
  address: text("address").notNull(),
  isAdmin: boolean("is_admin").notNull().default(false),
  approvalStatus: text("approval_status", { enum: ["pending", "approved", "denied"] })
    .notNull()
    .default("pending"),
  /**
   * Set when an admin deletes the account. The row stays (signed out for good, no longer an
   * admin, denied, password unusable) so the person's conversations, usage and audit entries
   * keep their true author; admin lists leave such users out.
   */
  deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One row, written when the instance's first administrator is made (the first sign-up or
 * `admin:create`) and never deleted, not even by the system reset: once an instance has had
 * an owner, no later sign-up can become one, even when no users are left.
 */
export const instance = pgTable(
  "instance",
  {
    /** Always 1: with the primary key, the check keeps the table to one row. */
    id: integer("id").primaryKey().default(1),
    ownerClaimedAt: timestamp("owner_claimed_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [check("instance_one_row", sql`${t.id} = 1`)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** HMAC-SHA256 of the cookie's random id: a leaked table cannot be replayed as cookies. */
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * One failed sign-in (see login-throttle.ts). `ip` is the client's address, `range` its /24
 * (IPv4) or /64 (IPv6); rows written before `range` existed have none and count by address only.
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    /** The device cookie's nonce when the attempt came from a trusted browser; null otherwise. */
    deviceId: text("device_id"),
    range: text("range"),
    /** An admin unlocked the account: the failure still slows its address, no longer the account. */
    forgiven: boolean("forgiven").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_failures_email_idx").on(t.email, t.createdAt),
    index("login_failures_ip_idx").on(t.ip, t.createdAt),
    index("login_failures_range_idx").on(t.range, t.createdAt),
    index("login_failures_device_idx").on(t.deviceId, t.createdAt),
  ],
);

export const agents = pgTable(
  "agents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    type: text("type").notNull().default("custom"),
    gender: text("gender").notNull(),
    role: text("role"),
    speciality: text("speciality"),
    personality: text("personality"),
    communicationStyle: text("communication_style"),
    customPrompt: text("custom_prompt"),
    voice: text("voice"),
    isActive: boolean("is_active").notNull().default(true),
    chatsSent: integer("chats_sent").notNull().default(0),
    callsSent: integer("calls_sent").notNull().default(0),
    emailsSent: integer("emails_sent").notNull().default(0),
    textsSent: integer("texts_sent").notNull().default(0),
    socialPosts: integer("social_posts").notNull().default(0),
    supportsCall: boolean("supports_call").notNull().default(true),
    supportsEmail: boolean("supports_email").notNull().default(true),
    supportsText: boolean("supports_text").notNull().default(true),
    supportsSocial: boolean("supports_social").notNull().default(true),
    /** 'private' (only its owner) or 'company' (every colleague of the owner's company may chat with it). */
    visibility: text("visibility").notNull().default("private"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("agents_user_idx").on(t.userId, t.createdAt)],
);

export const agentTemplates = pgTable("agent_templates", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  type: text("type").notNull().unique(),
  description: text("description").notNull(),
  icon: text("icon").notNull(),
  trackedData: jsonb("tracked_data").$type<string[]>().notNull(),
  gender: text("gender").notNull(),
  role: text("role").notNull(),
  speciality: text("speciality").notNull(),
  personality: text("personality").notNull(),
  communicationStyle: text("communication_style").notNull(),
  customPrompt: text("custom_prompt").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null once the agent is deleted; agentName keeps the conversation readable. */
    agentId: uuid("agent_id").references(() => agents.id, { onDelete: "set null" }),
    agentName: text("agent_name").notNull(),
    kind: text("kind", { enum: ["text", "voice"] })
      .notNull()
      .default("text"),
    title: text("title").notNull(),
    messageCount: integer("message_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    /** Set when the person pinned it: pinned conversations lead their list. */
    pinned: boolean("pinned").notNull().default(false),
    /**
     * Set when the person deleted it: hidden from their lists and restorable (undo); the row
     * and its messages stay, so admins still read it.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    /**
     * The message whose branch the person chose to see (an edit, a regeneration or the branch
     * switcher sets it): the active path runs up from it to the first message and down through
     * the newest reply at each step (conversations/message-tree.ts). Null: the newest first message.
     */
    activeMessageId: uuid("active_message_id").references((): AnyPgColumn => messages.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("conversations_user_idx").on(t.userId, t.updatedAt),
    index("conversations_kind_idx").on(t.kind, t.updatedAt),
    // Conversation search (decision 113): a person's list in its order, and titles by substring.
    index("conversations_list_idx").on(t.userId, t.kind, t.pinned, t.updatedAt),
    index("conversations_title_trigram_idx").using("gin", sql`${t.title} gin_trgm_ops`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    /** complete | partial (client left mid-reply) | failed (provider error) | blocked (security lock) */
    status: text("status", { enum: ["complete", "partial", "failed", "blocked"] })
      .notNull()
      .default("complete"),
    /** True when the reply came from the built-in offline responder, not a model. */
    offline: boolean("offline").notNull().default(false),
    language: text("language"),
    /** The knowledge passages an assistant reply cites (contracts/knowledge.ts Citation[]); null when none. */
    citations: jsonb("citations").$type<Citation[]>(),
    /**
     * A reply's user message. Deleting that message (a voice turn's `replaces`) takes its reply
     * with it, and a reply stored after its message was deleted is refused by the key.
     */
    replyTo: uuid("reply_to").references((): AnyPgColumn => messages.id, { onDelete: "cascade" }),
    /**
     * The message this one follows in the conversation's tree: a reply's user message, a user
     * message's previous reply; null for a first message. Siblings (same parent) are the
     * versions an edit or a regeneration made; none is ever deleted by either.
     */
    parentId: uuid("parent_id").references((): AnyPgColumn => messages.id, { onDelete: "cascade" }),
    /** A voice reply the user spoke over: `content` is what was actually said before the cut. */
    interrupted: boolean("interrupted").notNull().default(false),
    /** A voice reply's server-side turn stages (contracts/voice.ts VoiceTurnStages); null otherwise. */
    stages: jsonb("stages").$type<VoiceTurnStages>(),
    /** A reply a person typed while holding the conversation (issue 26): their name as the user saw it; null for the agent's. */
    authorName: text("author_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.createdAt),
    index("messages_parent_idx").on(t.parentId, t.createdAt),
    // Conversation search (decision 113): any script, any case, by substring.
    index("messages_content_trigram_idx").using("gin", sql`${t.content} gin_trgm_ops`),
  ],
);

export const voiceAudio = pgTable(
  "voice_audio",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** The message this is the audio of (the user's clip or the agent's reply); null for clips saved before linking. */
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "cascade" }),
    mimeType: text("mime_type").notNull(),
    data: bytea("data").notNull(),
    /** True length: from the WAV header when it has one, else the client's measure of its recording. */
    durationMs: integer("duration_ms"),
    createdAt: createdAt(),
  },
  (t) => [
    index("voice_audio_conversation_idx").on(t.conversationId),
    // One clip per message: saving it again (the turn's audioData, then save-audio) replaces it.
    uniqueIndex("voice_audio_message_idx").on(t.messageId),
  ],
);

export const companyWarnings = pgTable(
  "company_warnings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower-cased, trimmed company name: the company key. */
    companyKey: text("company_key").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    agentName: text("agent_name").notNull(),
    rule: text("rule"),
    createdAt: createdAt(),
  },
  (t) => [index("company_warnings_company_idx").on(t.companyKey)],
);

export const schema = {
  companies,
  users,
  instance,
  sessions,
  loginFailures,
  agents,
  agentTemplates,
  conversations,
  messages,
  voiceAudio,
  companyWarnings,
};
