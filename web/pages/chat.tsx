/** /chat and /chat/{agentId} (spec section 2): a picker of active agents, or the chat with one. */
import { useParams } from "wouter";
import { AgentChat } from "../features/chat/agent-chat";
import { AgentPicker } from "../features/chat/agent-picker";

export function ChatPage() {
  const { agentId } = useParams<{ agentId?: string }>();
  // Keyed by agent: switching agents starts from a clean slate (no stream, draft or reveal carried over).
  return agentId ? <AgentChat key={agentId} agentId={agentId} /> : <AgentPicker />;
}
