/**
 * Outcomes (issue 26): an agent's outcome fields, the extraction of a conversation's outcome
 * (by the model through structured output when one is configured, by the offline extractor
 * otherwise or when the model answers malformed twice), and a person's corrections kept beside
 * what was extracted.
 *
 * Who may read and correct a conversation's outcome: the conversation's person (while they
 * have not deleted it), the agent's owner, and admins. Anyone else gets 404, as for the
 * conversation itself.
 */
import type OpenAI from "openai";
import {
  type AgentOutcomeFields,
  type ConversationOutcome,
  type ConversationOutcomePatch,
  type OutcomeField,
  type OutcomeFieldValue,
  type OutcomeMethod,
  type OutcomeValue,
} from "../../contracts/outcomes.js";
import type { UserRow } from "../auth/user-view.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/connect.js";
import { apiError } from "../http/http-error.js";
import { defaultOutcomeFields } from "./default-fields.js";
import { extractWithModel } from "./model-extractor.js";
import { extractOffline } from "./offline-extractor.js";
import {
  agentVisibleTo,
  findAgentForOutcomes,
  findConversationForOutcome,
  findOutcome,
  listTranscript,
  saveAgentOutcomeFields,
  saveExtractedOutcome,
  savePersonEdit,
  type AgentForOutcomes,
  type ConversationForOutcome,
  type OutcomeRow,
} from "./queries.js";
import { isUuid } from "../http/ids.js";

export interface OutcomeDeps {
  db: Db;
  clock: Clock;
  /** Null when no model is configured: every outcome is extracted offline. */
  model: { client: OpenAI; name: string } | null;
}

function fieldsOf(agent: Pick<AgentForOutcomes, "fields" | "trackedData">): OutcomeField[] {
  return agent.fields ?? defaultOutcomeFields(agent.trackedData);
}

async function readableAgent(deps: OutcomeDeps, user: UserRow, agentId: string): Promise<AgentForOutcomes> {
  const agent = isUuid(agentId) ? await findAgentForOutcomes(deps.db, agentId) : null;
  if (!agent || !(user.isAdmin || (await agentVisibleTo(deps.db, agentId, user.id)))) {
    throw apiError("AGENT_NOT_FOUND");
  }
  return agent;
}

export async function getOutcomeFields(deps: OutcomeDeps, user: UserRow, agentId: string): Promise<AgentOutcomeFields> {
  const agent = await readableAgent(deps, user, agentId);
  return { fields: fieldsOf(agent), fromTemplate: agent.fields === null };
}

export async function putOutcomeFields(
  deps: OutcomeDeps,
  user: UserRow,
  agentId: string,
  fields: OutcomeField[],
): Promise<AgentOutcomeFields> {
  const agent = await readableAgent(deps, user, agentId);
  // A colleague who sees a shared agent gets 403: it is on their screen, "not found" would be a lie.
  if (agent.userId !== user.id && !user.isAdmin) throw apiError("OUTCOME_FIELDS_NOT_YOURS");
  await saveAgentOutcomeFields(deps.db, agentId, fields, deps.clock.now());
  return { fields, fromTemplate: false };
}

async function readableConversation(deps: OutcomeDeps, user: UserRow, conversationId: string) {
  const conversation = isUuid(conversationId) ? await findConversationForOutcome(deps.db, conversationId) : null;
  const mayRead =
    conversation &&
    (user.isAdmin ||
      conversation.agentOwnerId === user.id ||
      (conversation.userId === user.id && conversation.deletedAt === null));
  if (!mayRead) throw apiError("CONVERSATION_NOT_FOUND");
  return conversation;
}

export async function getOutcome(
  deps: OutcomeDeps,
  user: UserRow,
  conversationId: string,
): Promise<ConversationOutcome> {
  const conversation = await readableConversation(deps, user, conversationId);
  const row = await findOutcome(deps.db, conversationId);
  return toOutcome(row ?? pendingOutcome(conversation));
}

export async function patchOutcome(
  deps: OutcomeDeps,
  user: UserRow,
  conversationId: string,
  patch: ConversationOutcomePatch,
): Promise<ConversationOutcome> {
  const conversation = await readableConversation(deps, user, conversationId);
  const row = (await findOutcome(deps.db, conversationId)) ?? pendingOutcome(conversation);
  const agent = conversation.agentId ? await findAgentForOutcomes(deps.db, conversation.agentId) : null;
  const known = new Set([...(agent ? fieldsOf(agent).map((f) => f.name) : []), ...Object.keys(row.extracted)]);
  const personFields = { ...row.personFields };
  for (const [name, value] of Object.entries(patch.fields ?? {})) {
    if (!known.has(name)) throw apiError("UNKNOWN_OUTCOME_FIELD", { field: name });
    personFields[name] = value;
  }
  await savePersonEdit(deps.db, row, {
    personFields,
    personSummary: patch.summary ?? row.personSummary,
    personSuccess: patch.success ?? row.personSuccess,
    editedBy: user.id,
    editedAt: deps.clock.now(),
  });
  return toOutcome((await findOutcome(deps.db, conversationId))!);
}

/**
 * Before the idle sweep has run: nothing extracted, and every field still to fill. Its message
 * count of 0 keeps it due for extraction even after a person wrote something down.
 */
function pendingOutcome(conversation: ConversationForOutcome): OutcomeRow {
  return {
    conversationId: conversation.id,
    agentId: conversation.agentId,
    summary: "",
    success: "unclear",
    method: "pending",
    extracted: {},
    unfilled: [],
    personFields: {},
    personSummary: null,
    personSuccess: null,
    editedBy: null,
    editedAt: null,
    messageCount: 0,
    extractedAt: null,
  };
}

/** A person's value wins over the extracted one, which stays beside it as `extracted`. */
export function toOutcome(row: OutcomeRow): ConversationOutcome {
  const fields: Record<string, OutcomeFieldValue> = {};
  const extractedSource = row.method === "model" ? "model" : "offline";
  for (const [name, value] of Object.entries(row.extracted)) fields[name] = { value, source: extractedSource };
  for (const [name, value] of Object.entries(row.personFields)) {
    fields[name] = { value, source: "person", extracted: row.extracted[name] ?? null };
  }
  return {
    summary: row.personSummary ?? row.summary,
    success: row.personSuccess ?? row.success,
    fields,
    unfilled: row.unfilled.filter((name) => !(name in row.personFields)),
    method: row.method,
    extractedAt: row.extractedAt?.toISOString() ?? null,
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

function goalOf(agent: AgentForOutcomes): string {
  return [agent.role, agent.description, agent.customPrompt].filter(Boolean).join(". ");
}

/**
 * Extracts and stores one conversation's outcome. The offline extractor always runs (its
 * values stand when the model is missing or fails); the model's answer replaces them when
 * it is valid. Returns false when there is nothing to extract (no agent, no messages).
 */
export async function extractOutcome(
  deps: OutcomeDeps,
  conversationId: string,
  log?: { warn(obj: object, msg: string): void },
): Promise<boolean> {
  const conversation = await findConversationForOutcome(deps.db, conversationId);
  if (!conversation?.agentId) return false;
  const agent = await findAgentForOutcomes(deps.db, conversation.agentId);
  const messages = await listTranscript(deps.db, conversationId);
  if (!agent || messages.length === 0) return false;
  const fields = fieldsOf(agent);
  const now = deps.clock.now();
  const language = messages.find((m) => m.role === "user" && m.language)?.language ?? "en-US";
  const offline = extractOffline({ fields, messages, language, referenceDate: now });
  let outcome = {
    summary: offline.summary,
    success: offline.success,
    method: "offline" as OutcomeMethod,
    extracted: offline.values as Record<string, OutcomeValue>,
    unfilled: offline.unfilled,
  };
  if (deps.model) {
    try {
      const answer = await extractWithModel({
        client: deps.model.client,
        model: deps.model.name,
        fields,
        goal: goalOf(agent),
        messages,
      });
      if (answer.ok) {
        const { summary, success, values } = answer.extraction;
        outcome = {
          summary,
          success,
          method: "model",
          extracted: values,
          unfilled: fields.map((f) => f.name).filter((n) => !(n in values)),
        };
      } else {
        log?.warn(
          { conversationId, reason: answer.reason },
          "outcome: the model answered malformed twice; offline values kept",
        );
        outcome.method = "failed";
      }
    } catch (err) {
      log?.warn({ conversationId, err }, "outcome: the model call failed; offline values kept");
      outcome.method = "failed";
    }
  }
  await saveExtractedOutcome(deps.db, {
    conversationId,
    agentId: conversation.agentId,
    ...outcome,
    messageCount: conversation.messageCount,
    extractedAt: now,
  });
  return true;
}
