import { PageHeader } from "../components/layout/page-header";

export function AgentsPage() {
  return <PageHeader title="My Agents" description="This screen arrives with its feature." />;
}
