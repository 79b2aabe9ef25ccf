import { PageHeader } from "../components/layout/page-header";

export function AdminPanelPage() {
  return <PageHeader title="Admin Panel" description="This screen arrives with its feature." />;
}
