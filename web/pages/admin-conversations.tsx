import { PageHeader } from "../components/layout/page-header";

export function AdminConversationsPage() {
  return <PageHeader title="All Conversations" description="This screen arrives with its feature." />;
}
