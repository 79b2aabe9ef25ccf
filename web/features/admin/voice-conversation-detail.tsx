/**
 * The right side of the voice split view: the conversation's facts and its messages, each
 * playing its own audio; recordings saved before clips were linked to messages are listed apart.
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import type { AdminAudioClip, AdminVoiceConversation } from "../../../contracts/admin";
import { Button } from "../../components/ui/button";
import { formatDateTime } from "../../lib/admin-format";
import { voiceMessagesQuery } from "../../lib/admin-queries";
import { ErrorState, LoadingState } from "./admin-states";
import { ConversationFacts, DeletedByUserBadge, SecurityLockBadge } from "./conversation-summary";
import { VoiceMessageList } from "./voice-message-list";

export function VoiceConversationDetail({
  conversation,
  onBack,
}: {
  conversation: AdminVoiceConversation;
  onBack: () => void;
}) {
  const detail = useQuery(voiceMessagesQuery(conversation.id));
  return (
    <div className="space-y-4">
      <div className="flex items-start gap-2">
        <Button
          variant="ghost"
          size="icon"
          className="-ml-2 shrink-0 md:hidden"
          onClick={onBack}
          aria-label="Back to voice conversations"
        >
          <ArrowLeft aria-hidden />
        </Button>
        <h2 className="flex min-w-0 flex-wrap items-center gap-2 pt-2 text-lg font-semibold md:pt-0">
          <span className="break-words">{conversation.title}</span> <SecurityLockBadge conversation={conversation} />{" "}
          <DeletedByUserBadge conversation={conversation} />
        </h2>
      </div>
      <ConversationFacts conversation={conversation} duration={conversation.duration} />
      {detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <ErrorState error={detail.error} />
      ) : (
        <>
          <VoiceMessageList messages={detail.data.messages} agentName={conversation.agentName} />
          <UnlinkedRecordings clips={detail.data.audio.filter((clip) => clip.messageId === null)} />
        </>
      )}
    </div>
  );
}

/** Clips that name no message (saved before they were linked): played on their own, by time. */
function UnlinkedRecordings({ clips }: { clips: AdminAudioClip[] }) {
  if (clips.length === 0) return null;
  return (
    <section aria-label="Other recordings" className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Other recordings ({clips.length})
      </h3>
      <ul className="space-y-2">
        {clips.map((clip, i) => (
          <li key={clip.id} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
            <span className="shrink-0 text-xs text-slate-500">
              #{i + 1} · {formatDateTime(clip.createdAt)}
            </span>
            <audio
              controls
              preload="metadata"
              src={clip.url}
              className="h-9 w-full min-w-0"
              aria-label={`Recording ${i + 1}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
