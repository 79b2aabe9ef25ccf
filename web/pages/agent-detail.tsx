import { PageHeader } from "../components/layout/page-header";

export function AgentDetailPage() {
  return <PageHeader title="Agent" description="This screen arrives with its feature." />;
}
