import { PageHeader } from "../components/layout/page-header";

export function AdminErrorReportsPage() {
  return <PageHeader title="Error Reports" description="This screen arrives with its feature." />;
}
