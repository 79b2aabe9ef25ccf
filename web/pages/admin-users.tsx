import { PageHeader } from "../components/layout/page-header";

export function AdminUsersPage() {
  return <PageHeader title="User Management" description="This screen arrives with its feature." />;
}
