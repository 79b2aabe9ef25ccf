/**
 * Conversation search: a person's own, not deleted conversations whose title, or one of whose
 * messages, holds every typed word as a case-insensitive substring (decision 113). Two plans,
 * chosen here rather than by the planner, so a database without statistics (PGlite never runs
 * ANALYZE) answers as fast as one with them:
 * - the newest RECENT_WINDOW conversations are checked one by one (a common word is answered there);
 * - when they hold fewer than a page of matches, the trigram indexes on titles and message
 *   contents list the matching conversations (a rare word: the index holds few hits).
 * Both give the same page: the first SEARCH_LIMIT matches in the list's order.
 */
import { and, desc, eq, getTableColumns, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { conversations, messages } from "../db/schema.js";
import type { ConversationKind, ConversationRow } from "./queries.js";

export interface ConversationSearchRow {
  conversation: ConversationRow;
  /** The earliest message holding every word, or null when only the title did. */
  matchedMessage: string | null;
}

export const SEARCH_LIMIT = 30;
/**
 * How many of the newest conversations are read before the indexes are asked. Measured on the
 * bench (10,000 conversations of 4 messages): reading them costs a few ms, and any word in one
 * conversation of ten fills a page within them.
 */
const RECENT_WINDOW = 300;

/** "offset 0", which drizzle leaves out when given the number 0. */
const OFFSET_ZERO = sql`0` as unknown as number;

/** `%word%` for ILIKE, the word's own % _ and \ taken literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, "\\$&")}%`;
}

/** A lowercased word with no letter of two cases (Japanese, Chinese, digits, signs). */
const caseless = (word: string) => word.toUpperCase() === word;

/**
 * Every word a substring of `text`, for the trigram indexes: ILIKE, or LIKE for a caseless word
 * (the same answer compared byte for byte; ILIKE lowercases the whole text first, ~6× slower
 * when every message is read).
 */
function indexedHoldsEvery(text: SQL | typeof messages.content | typeof conversations.title, words: string[]): SQL {
  return and(
    ...words.map((word) =>
      caseless(word) ? sql`${text} like ${containsPattern(word)}` : sql`${text} ilike ${containsPattern(word)}`,
    ),
  )!;
}

/**
 * The same test written so no index can serve it: reading one conversation's few messages through
 * its own index must not turn into asking the trigram index for every message holding a common
 * word (the planner did that without statistics). strpos of the lowercased text is what ILIKE does.
 */
function scannedHoldsEvery(text: SQL, words: string[]): SQL {
  return and(
    ...words.map((word) =>
      caseless(word) ? sql`strpos(${text}, ${word}) > 0` : sql`strpos(lower(${text}), ${word}) > 0`,
    ),
  )!;
}

/**
 * The person's matching conversations, pinned first, then by activity (newest first). `words`
 * are lowercased and not empty (contracts/chat.ts conversationSearchTerms); at most 8.
 */
export async function searchConversationsOfUser(
  db: Db,
  params: { userId: string; kind: ConversationKind; words: string[] },
): Promise<ConversationSearchRow[]> {
  const { words } = params;
  const own = and(
    eq(conversations.userId, params.userId),
    eq(conversations.kind, params.kind),
    isNull(conversations.deletedAt),
  );
  const order = [desc(conversations.pinned), desc(conversations.updatedAt), desc(conversations.id)];
  // Spelled out: in a selected field drizzle drops table names, and a bare "id" would be the message's.
  const matchedMessageOf = (conversationId: SQL) => sql<string | null>`(select found.content from ${messages} as found
    where found.conversation_id = ${conversationId} and ${scannedHoldsEvery(sql`found.content`, words)}
    order by found.created_at limit 1)`;
  const matchedMessage = matchedMessageOf(sql`"conversations"."id"`);
  const columns = { ...getTableColumns(conversations), matchedMessage: matchedMessage.as("matched_message") };

  // The newest conversations, each read once (a subquery with a limit is run once, whatever the statistics).
  const recent = db
    .select(columns)
    .from(conversations)
    .where(own)
    .orderBy(...order)
    .limit(RECENT_WINDOW)
    .as("recent");
  const inRecent = await db
    .select()
    .from(recent)
    .where(or(scannedHoldsEvery(sql`${recent.title}`, words), isNotNull(recent.matchedMessage)))
    .orderBy(desc(recent.pinned), desc(recent.updatedAt), desc(recent.id))
    .limit(SEARCH_LIMIT);
  if (inRecent.length === SEARCH_LIMIT) return inRecent.map(toSearchRow);
  // The window held every conversation of the person: nothing more to find.
  const beyond = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(own)
    .orderBy(...order)
    .offset(RECENT_WINDOW)
    .limit(1);
  if (beyond.length === 0) return inRecent.map(toSearchRow);

  // Rare words: each trigram index lists its few hits (titles and messages of every user), once,
  // and the conversations are read from those by primary key ("offset 0" keeps the subquery
  // apart: joined, the planner without statistics walked all the person's conversations instead).
  const hits = sql`array(select ${conversations.id} from ${conversations} where ${indexedHoldsEvery(conversations.title, words)}
    union all select ${messages.conversationId} from ${messages} where ${indexedHoldsEvery(messages.content, words)})`;
  const candidates = db
    .select(getTableColumns(conversations))
    .from(conversations)
    .where(sql`${conversations.id} = any(${hits})`)
    .offset(OFFSET_ZERO)
    .as("candidates");
  const found = await db
    .select({ ...candidates._.selectedFields, matchedMessage: matchedMessageOf(sql`"candidates"."id"`) })
    .from(candidates)
    .where(and(eq(candidates.userId, params.userId), eq(candidates.kind, params.kind), isNull(candidates.deletedAt)))
    .orderBy(desc(candidates.pinned), desc(candidates.updatedAt), desc(candidates.id))
    .limit(SEARCH_LIMIT);
  return found.map(toSearchRow);
}

function toSearchRow({
  matchedMessage,
  ...conversation
}: ConversationRow & { matchedMessage: string | null }): ConversationSearchRow {
  return { conversation, matchedMessage };
}
