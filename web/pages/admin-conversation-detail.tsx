import { PageHeader } from "../components/layout/page-header";

export function AdminConversationDetailPage() {
  return <PageHeader title="Conversation" description="This screen arrives with its feature." />;
}
