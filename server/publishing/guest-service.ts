/**
 * Guests of a published agent (issue 25): a session per browser (a signed token naming a guests
 * row, resumable after a reload), and a guest's turn through the same conversation engine as
 * /api/chat. The turn runs as the agent's owner on a conversation that belongs to the guest
 * alone, so the company's quotas, the usage records and the security lock (per conversation,
 * hence per guest) apply unchanged, and members read it like any other conversation, titled
 * "Guest · web" with the page it came from.
 */
import type { FastifyBaseLogger } from "fastify";
import {
  GUEST_ADDRESS_MULTIPLIER,
  GUEST_CHANNEL_LABEL,
  GUEST_SESSION_DAYS,
  type GuestSession,
  type PublicAgent,
} from "../../contracts/publishing.js";
import { DEFAULT_LANGUAGE } from "../../contracts/voice.js";
import type { AgentRow } from "../agents/agent-view.js";
import { listMessagesOfConversation } from "../conversations/queries.js";
import { activePath } from "../conversations/message-tree.js";
import { beginConversationTurn, type StartedTurn } from "../conversations/turn.js";
import type { FeatureDeps } from "../feature-deps.js";
import { apiError, retryLater } from "../http/http-error.js";
import { readGuestToken, signGuestToken } from "./guest-token.js";
import {
  countGuestTurns,
  findActiveOwner,
  findGuest,
  findPublishedAgentBySlug,
  insertGuest,
  insertGuestTurn,
  setGuestConversation,
  type GuestRow,
  type PublishingRow,
} from "./queries.js";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Who is asking, as the route saw it. */
export interface GuestCaller {
  /** The Origin header, when the browser sent one. */
  origin: string | null;
  /** This server's own origin: its own public page is always allowed. */
  selfOrigin: string;
  address: string;
}

export interface Published {
  publishing: PublishingRow;
  agent: AgentRow;
}

/** The published agent, after the caller's origin was checked against its allowed origins. */
export async function publishedFor(deps: FeatureDeps, slug: string, caller: GuestCaller): Promise<Published> {
  const found = await findPublishedAgentBySlug(deps.db, slug.toLowerCase());
  if (!found || !found.agent.isActive) throw apiError("AGENT_NOT_PUBLISHED");
  if (!originAllowed(found.publishing, caller)) throw apiError("ORIGIN_NOT_ALLOWED");
  return found;
}

/**
 * A request without Origin is not a browser's cross-site call (browsers always send it there),
 * so only the origin a browser names can be refused; the CORS answer then keeps the page from
 * reading anything either.
 */
export function originAllowed(publishing: Pick<PublishingRow, "allowedOrigins">, caller: GuestCaller): boolean {
  if (!caller.origin || caller.origin === caller.selfOrigin) return true;
  return publishing.allowedOrigins.includes(caller.origin);
}

export function toPublicAgent({ publishing, agent }: Published): PublicAgent {
  return {
    slug: publishing.slug,
    name: agent.name,
    role: agent.role,
    greeting: publishing.greeting,
    voice: publishing.voice,
    themeColor: publishing.themeColor,
    themePosition: publishing.themePosition === "bottom-left" ? "bottom-left" : "bottom-right",
  };
}

/** The guest a token names, if it is this agent's and unexpired; else the token is refused (401). */
async function guestOf(deps: FeatureDeps, published: Published, token: string): Promise<GuestRow> {
  const now = deps.clock.now();
  const guestId = readGuestToken(deps.config.sessionSecret, token, now);
  const guest = guestId ? await findGuest(deps.db, guestId) : null;
  if (!guest || guest.agentId !== published.agent.id || guest.expiresAt <= now) throw apiError("GUEST_TOKEN_INVALID");
  return guest;
}

/** Resumes the browser's earlier session when its token is still good; starts a new guest otherwise. */
export async function openGuestSession(
  deps: FeatureDeps,
  published: Published,
  caller: GuestCaller,
  request: { token?: string; pageUrl?: string },
): Promise<GuestSession> {
  const resumed = request.token ? await guestOf(deps, published, request.token).catch(() => null) : null;
  if (resumed) {
    const token = signGuestToken(deps.config.sessionSecret, resumed.id, resumed.expiresAt);
    return { token, greeting: published.publishing.greeting, messages: await guestMessages(deps, resumed) };
  }
  const now = deps.clock.now();
  const guest = await insertGuest(deps.db, {
    agentId: published.agent.id,
    pageUrl: pageUrlOf(request.pageUrl),
    origin: caller.origin,
    now,
    expiresAt: new Date(now.getTime() + GUEST_SESSION_DAYS * DAY_MS),
  });
  const token = signGuestToken(deps.config.sessionSecret, guest.id, guest.expiresAt);
  return { token, greeting: published.publishing.greeting, messages: [] };
}

/** Only http(s) pages are kept, without their query and fragment (which may carry someone's data). */
function pageUrlOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${url.origin}${url.pathname}`.slice(0, 500);
  } catch {
    return null;
  }
}

async function guestMessages(deps: FeatureDeps, guest: GuestRow): Promise<GuestSession["messages"]> {
  if (!guest.conversationId) return [];
  const rows = await listMessagesOfConversation(deps.db, guest.conversationId);
  return activePath(rows, null).map(({ row }) => ({ id: row.id, role: row.role, content: row.content }));
}

/** "Guest · web · shop.example.com/pricing": how members tell a guest's conversation from their own. */
function guestTitle(guest: GuestRow): string {
  const page = guest.pageUrl ? guest.pageUrl.replace(/^https?:\/\//, "").replace(/\/$/, "") : null;
  return (page ? `${GUEST_CHANNEL_LABEL.web} · ${page}` : GUEST_CHANNEL_LABEL.web).slice(0, 120);
}

/**
 * Refuses a turn over the guest's hourly allowance, or its address's (GUEST_ADDRESS_MULTIPLIER
 * times more). The admitted turn is recorded beside the turn, not here (as /v1's, decision 152).
 */
async function admitGuestTurn(deps: FeatureDeps, published: Published, guest: GuestRow, address: string) {
  const now = deps.clock.now();
  const perHour = published.publishing.guestMessagesPerHour;
  const counts = await countGuestTurns(deps.db, {
    agentId: published.agent.id,
    guestId: guest.id,
    address,
    since: new Date(now.getTime() - HOUR_MS),
  });
  const oldest =
    counts.byGuest >= perHour
      ? counts.oldestByGuest
      : counts.byAddress >= perHour * GUEST_ADDRESS_MULTIPLIER
        ? counts.oldestByAddress
        : undefined;
  if (oldest !== undefined) {
    const waitSeconds = Math.ceil(((oldest?.getTime() ?? now.getTime()) + HOUR_MS - now.getTime()) / 1000);
    throw retryLater(waitSeconds, "GUEST_RATE_LIMITED", { retryAfterSeconds: Math.max(1, waitSeconds) });
  }
}

/** Stores the guest's message and starts the reply, as /api/chat does for a member. */
export async function beginGuestTurn(
  deps: FeatureDeps,
  published: Published,
  caller: GuestCaller,
  request: { token: string; message: string; signal: AbortSignal; log: FastifyBaseLogger },
): Promise<{ conversationId: string; turn: StartedTurn }> {
  const guest = await guestOf(deps, published, request.token);
  const owner = await findActiveOwner(deps.db, published.agent.userId);
  if (!owner) throw apiError("AGENT_NOT_PUBLISHED");
  await admitGuestTurn(deps, published, guest, caller.address);
  const beginning = beginConversationTurn(deps, {
    user: owner,
    agentId: published.agent.id,
    conversationId: guest.conversationId,
    kind: "text",
    title: guestTitle(guest),
    message: request.message,
    language: DEFAULT_LANGUAGE,
    signal: request.signal,
    requestLog: request.log,
    toolIdsAllowed: published.publishing.guestToolIds,
  });
  // The turn's record is written once the turn's own statements have run, not before them: its
  // commit waits for a disk flush, which would sit on the way to the first token (decision 152).
  const recorded = beginning.finally(() =>
    insertGuestTurn(deps.db, {
      agentId: published.agent.id,
      guestId: guest.id,
      address: caller.address,
      now: deps.clock.now(),
    }),
  );
  // A first turn also gives the guest its conversation, beside the record for the same reason.
  const linked = guest.conversationId
    ? Promise.resolve()
    : beginning.then((begun) => setGuestConversation(deps.db, guest.id, begun.conversationId));
  const [turn, record, link] = await Promise.allSettled([beginning, recorded, linked]);
  if (turn.status === "rejected") throw turn.reason;
  if (link.status === "rejected") throw link.reason;
  // The message is stored and the answer under way: a record that failed costs the allowance one count.
  if (record.status === "rejected") request.log.error({ err: record.reason }, "could not record a guest turn");
  return turn.value;
}
