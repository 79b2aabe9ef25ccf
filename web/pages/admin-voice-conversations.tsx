import { PageHeader } from "../components/layout/page-header";

export function AdminVoiceConversationsPage() {
  return <PageHeader title="Voice Conversations" description="This screen arrives with its feature." />;
}
