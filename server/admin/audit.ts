/** The append-only audit log: who did what to what, and when. */
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
