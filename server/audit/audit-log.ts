/** The append-only audit log: who did what to what, and when. */
import { sql } from "drizzle-orm";
import type { AuditAction } from "../../contracts/usage.js";
import type { Db } from "../db/connect.js";
import { auditLog } from "../db/schema-records.js";

export interface AuditActor {
  id: string;
  email: string;
}

export type { AuditAction };

export async function recordAudit(
  db: Db,
  actor: AuditActor,
  action: AuditAction,
  target: { type: string; id: string } | null,
  at: Date,
  detail?: Record<string, unknown>,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    targetType: target?.type ?? null,
    targetId: target?.id ?? null,
    detail: detail ?? null,
    createdAt: at,
  });
}

/**
 * Like recordAudit, but skipped when the same actor already has the same action on the same
 * target within the last `windowMs` (decision 106): for reads, where a page refetching is the
 * same viewing, not a new one. One statement; the look-back can walk audit_log_action_idx
 * (action, created_at) over that window only. Two requests racing on PostgreSQL may both
 * insert, which is the old behaviour, never a lost read.
 */
export async function recordAuditOncePerWindow(
  db: Db,
  actor: AuditActor,
  action: AuditAction,
  target: { type: string; id: string },
  at: Date,
  windowMs: number,
  detail?: Record<string, unknown>,
): Promise<void> {
  const since = new Date(at.getTime() - windowMs);
  await db.execute(sql`
    insert into audit_log (actor_id, actor_email, action, target_type, target_id, detail, created_at)
    select ${actor.id}::uuid, ${actor.email}, ${action}, ${target.type}, ${target.id},
      ${detail ? JSON.stringify(detail) : null}::jsonb, ${at.toISOString()}::timestamptz
    where not exists (
      select 1 from audit_log
      where action = ${action} and created_at > ${since.toISOString()}::timestamptz
        and actor_id = ${actor.id}::uuid and target_type = ${target.type} and target_id = ${target.id}
    )`);
}
