/** The signed-in user's dashboard figures, each from real data. */
import { and, count, eq, inArray } from "drizzle-orm";
import type { DashboardStats } from "../../contracts/dashboard.js";
import type { Db } from "../db/connect.js";
import { agents, conversations, messages } from "../db/schema.js";

export async function dashboardStats(db: Db, userId: string): Promise<DashboardStats> {
  const [[active], byKind, byStatus] = await Promise.all([
    db
      .select({ n: count() })
      .from(agents)
      .where(and(eq(agents.userId, userId), eq(agents.isActive, true))),
    db
      .select({ kind: conversations.kind, n: count() })
      .from(conversations)
      .where(eq(conversations.userId, userId))
      .groupBy(conversations.kind),
    db
      .select({ status: messages.status, n: count() })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(conversations.userId, userId),
          eq(messages.role, "assistant"),
          inArray(messages.status, ["complete", "partial", "failed"]),
        ),
      )
      .groupBy(messages.status),
  ]);
  const kindCount = (kind: string) => byKind.find((r) => r.kind === kind)?.n ?? 0;
  const failedTurns = byStatus.find((r) => r.status === "failed")?.n ?? 0;
  const answeredTurns = byStatus.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.n, 0);
  const total = answeredTurns + failedTurns;
  return {
    activeAgents: active.n,
    conversations: kindCount("text"),
    voiceInteractions: kindCount("voice"),
    successRate: total === 0 ? 100 : Math.round((answeredTurns / total) * 1000) / 10,
    answeredTurns,
    failedTurns,
  };
}
