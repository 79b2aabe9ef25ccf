import { PageHeader } from "../components/layout/page-header";

export function AdminCompaniesPage() {
  return <PageHeader title="Company Management" description="This screen arrives with its feature." />;
}
