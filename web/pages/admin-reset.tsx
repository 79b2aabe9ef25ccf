import { PageHeader } from "../components/layout/page-header";

export function AdminResetPage() {
  return <PageHeader title="System Reset" description="This screen arrives with its feature." />;
}
