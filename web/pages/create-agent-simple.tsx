import { PageHeader } from "../components/layout/page-header";

export function CreateAgentSimplePage() {
  return <PageHeader title="Create Agent" description="This screen arrives with its feature." />;
}
