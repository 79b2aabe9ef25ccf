/** The one place an agents row becomes the Agent payload. */
import type { Agent, AgentPersona, AgentTemplate, Gender } from "../../contracts/agents.js";
import type { agentTemplates, agents } from "../db/schema.js";
import { composeSystemPrompt } from "../providers/llm/system-prompt.js";

export type AgentRow = typeof agents.$inferSelect;

export interface AgentViewOptions {
  withSystemPrompt: boolean;
  /** The owner's full name: a colleague's list shows whose shared agent it is. */
  ownerName: string;
  /** The caller may edit, delete and share it (the owner, or an admin). */
  canManage: boolean;
}

export function toAgent(row: AgentRow, options: AgentViewOptions): Agent {
  // Field by field on purpose: a column added later never reaches the API by accident.
  const agent: Agent = {
    id: row.id,
    userId: row.userId,
    name: row.name,
    description: row.description,
    type: row.type,
    gender: row.gender as Gender,
    role: row.role,
    speciality: row.speciality,
    personality: row.personality,
    communicationStyle: row.communicationStyle,
    customPrompt: row.customPrompt,
    voice: row.voice,
    isActive: row.isActive,
    chatsSent: row.chatsSent,
    callsSent: row.callsSent,
    emailsSent: row.emailsSent,
    textsSent: row.textsSent,
    socialPosts: row.socialPosts,
    supportsCall: row.supportsCall,
    supportsEmail: row.supportsEmail,
    supportsText: row.supportsText,
    supportsSocial: row.supportsSocial,
    visibility: row.visibility === "company" ? "company" : "private",
    ownerName: options.ownerName,
    canManage: options.canManage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  // Only the instance owner ever receives the prompt; for everyone else the key is absent.
  if (options.withSystemPrompt) agent.systemPrompt = composeSystemPrompt(toPersona(row));
  return agent;
}

export function toPersona(row: AgentRow): AgentPersona {
  const { name, role, speciality, personality, communicationStyle, customPrompt, description, type } = row;
  return {
    name,
    gender: row.gender as Gender,
    role,
    speciality,
    personality,
    communicationStyle,
    customPrompt,
    description,
    type,
    supportsEmail: row.supportsEmail,
    supportsText: row.supportsText,
    supportsSocial: row.supportsSocial,
  };
}

export function toTemplate(row: typeof agentTemplates.$inferSelect): AgentTemplate {
  const { sortOrder: _sortOrder, gender, ...rest } = row;
  return { ...rest, gender: gender as Gender };
}
