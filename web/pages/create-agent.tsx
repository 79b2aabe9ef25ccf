import { PageHeader } from "../components/layout/page-header";

export function CreateAgentPage() {
  return <PageHeader title="Create Agent" description="This screen arrives with its feature." />;
}
