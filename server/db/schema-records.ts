/**
 * What the system keeps about itself: error reports people send, and the administrators'
 * audit log. Kept beside schema.ts (which it extends, and which never imports it back); the
 * migrations are generated from it with the other schema files.
 */
import { bigserial, boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, users } from "./schema.js";

export const errorReports = pgTable(
  "error_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    errorType: text("error_type").notNull(),
    severity: text("severity").notNull(),
    message: text("message").notNull(),
    details: text("details"),
    url: text("url"),
    resolved: boolean("resolved").notNull().default(false),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("error_reports_resolved_idx").on(t.resolved, t.createdAt),
    index("error_reports_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Append-only (a trigger refuses UPDATE and DELETE); survives a system reset on purpose. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_action_idx").on(t.action, t.createdAt)],
);

export const recordsSchema = { errorReports, auditLog };
