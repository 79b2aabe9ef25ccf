/**
 * /live (issue 26): conversations active in the last few minutes — everyone's for an admin,
 * their own agents' for anyone else — with the ones that need a human first. The list changes
 * as activity, handoffs, takeovers and releases are told: over the admin channel for an admin,
 * over the owner's own event stream for anyone else.
 */
import { useQuery } from "@tanstack/react-query";
import { Radio } from "lucide-react";
import { LIVE_WINDOW_MINUTES } from "../../contracts/takeover";
import { PageHeader } from "../components/layout/page-header";
import { Card } from "../components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "../features/admin/admin-states";
import { LiveConversationList } from "../features/takeover/live-conversation-list";
import { liveViewQuery } from "../features/takeover/takeover-queries";
import { useOwnerLiveEvents } from "../features/takeover/use-owner-live-events";
import { useAuth } from "../lib/auth";

function summaryOf(count: number, needingHuman: number): string {
  const live = count === 1 ? "1 live conversation" : `${count} live conversations`;
  return needingHuman > 0 ? `${live}, ${needingHuman} needing a human` : live;
}

export function LivePage() {
  const { isAdmin } = useAuth();
  const live = useQuery(liveViewQuery(isAdmin));
  useOwnerLiveEvents(!isAdmin);
  // Those asking for a person first; otherwise latest activity first, as the server sends them.
  const rows = [...(live.data ?? [])].sort((a, b) => Number(b.needsHuman) - Number(a.needsHuman));
  const needingHuman = rows.filter((row) => row.needsHuman).length;
  return (
    <>
      <PageHeader
        title="Live"
        description={
          isAdmin
            ? `Conversations with any agent active in the last ${LIVE_WINDOW_MINUTES} minutes.`
            : `Conversations with your agents active in the last ${LIVE_WINDOW_MINUTES} minutes.`
        }
      />
      <p role="status" className="mb-3 text-sm text-slate-600">
        {live.isSuccess ? summaryOf(rows.length, needingHuman) : ""}
      </p>
      <Card>
        {live.isPending ? (
          <LoadingState />
        ) : live.isError ? (
          <ErrorState error={live.error} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={Radio}
            title="Nothing live right now"
            hint="Conversations appear here as soon as someone writes to an agent."
          />
        ) : (
          <LiveConversationList conversations={rows} isAdmin={isAdmin} />
        )}
      </Card>
    </>
  );
}
