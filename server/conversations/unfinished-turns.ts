/**
 * Turns that died half-written. A turn stores the user's message, then (seconds later) its
 * reply; a crash or a database outage in between leaves the message with no reply while the
 * client was told the turn failed (issue 22: 36 such messages over 3 outage runs, 7 after a
 * SIGKILL). The sweep gives each such message the failed reply its turn would have stored, so
 * the transcript reads true ("the reply failed; send it again").
 *
 * Only turns that are surely dead are swept: with several instances on one PostgreSQL, a
 * message without a reply may belong to another instance's live turn, so only messages older
 * than UNFINISHED_TURN_AFTER_MS (longer than any turn may run) are taken. Embedded PGlite is
 * one process by construction: at start-up every unanswered message predates it and is dead.
 * An advisory lock keeps two instances' sweeps from marking the same message twice.
 */
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Clock } from "../clock.js";
import type { Database, Db } from "../db/connect.js";

/** Any constant both instances agree on: the key of the sweep's advisory lock. */
const SWEEP_LOCK_KEY = 0x5eed_0722;
/** A periodic sweep looks this far behind its cutoff; the start-up sweep looks at everything. */
const PERIODIC_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * Marks user messages stored before `before` (and at or after `since`, when given) that have no
 * reply: a failed, empty reply right after each, counted in its conversation. Returns how many.
 */
export async function sweepUnfinishedTurns(db: Db, p: { before: Date; since?: Date }): Promise<number> {
  const since = p.since ? sql`and m.created_at >= ${p.since.toISOString()}::timestamptz` : sql``;
  return db.transaction(async (tx) => {
    const locked = rowsOf(await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as locked`));
    if (locked[0]?.locked !== true) return 0;
    const [row] = rowsOf(
      await tx.execute(sql`with unanswered as (
          select m.id, m.conversation_id, m.language, m.created_at from messages m
          where m.role = 'user' and m.created_at < ${p.before.toISOString()}::timestamptz ${since}
            and not exists (select 1 from messages r where r.conversation_id = m.conversation_id and r.reply_to = m.id)
            -- Replies stored before replies named their message (migration 0006) follow it unnamed.
            and not exists (select 1 from messages r where r.conversation_id = m.conversation_id
              and r.role = 'assistant' and r.reply_to is null and r.created_at > m.created_at)
        ),
        marked as (
          insert into messages (conversation_id, role, content, status, language, reply_to, parent_id, created_at)
          select conversation_id, 'assistant', '', 'failed', language, id, id, created_at + interval '1 microsecond'
          from unanswered returning conversation_id
        ),
        counted as (
          update conversations c set message_count = c.message_count + per.n
          from (select conversation_id, count(*)::int as n from marked group by conversation_id) per
          where c.id = per.conversation_id returning 1
        )
        select count(*)::int as swept from marked`),
    );
    return Number(row?.swept ?? 0);
  });
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows?: Record<string, unknown>[] }).rows ?? [];
}

export interface UnfinishedTurnSweeps {
  /** The start-up sweep; resolves when it is done (its failure is logged, never thrown). */
  started: Promise<void>;
  stop(): void;
}

/** The start-up sweep, then one every UNFINISHED_TURN_SWEEP_INTERVAL_MS until stopped. */
export function startUnfinishedTurnSweeps(deps: {
  database: Database;
  clock: Clock;
  config: Pick<Config, "UNFINISHED_TURN_AFTER_MS" | "UNFINISHED_TURN_SWEEP_INTERVAL_MS">;
  log: FastifyBaseLogger;
}): UnfinishedTurnSweeps {
  const { database, clock, config, log } = deps;
  const sweep = async (window: { before: Date; since?: Date }) => {
    try {
      const swept = await sweepUnfinishedTurns(database.db, window);
      if (swept > 0) {
        log.warn({ swept }, "unfinished turns marked failed: their messages had no reply (a crash or an outage)");
      }
    } catch (err) {
      log.error({ err }, "could not sweep unfinished turns");
    }
  };
  const cutoff = () => new Date(clock.now().getTime() - config.UNFINISHED_TURN_AFTER_MS);
  // No other process can hold a live turn on embedded PGlite.
  const started = sweep({ before: database.engine === "pglite" ? clock.now() : cutoff() });
  const timer = setInterval(() => {
    const before = cutoff();
    void sweep({ before, since: new Date(before.getTime() - PERIODIC_LOOKBACK_MS) });
  }, config.UNFINISHED_TURN_SWEEP_INTERVAL_MS);
  timer.unref();
  return { started, stop: () => clearInterval(timer) };
}
