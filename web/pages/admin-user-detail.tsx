import { PageHeader } from "../components/layout/page-header";

export function AdminUserDetailPage() {
  return <PageHeader title="User" description="This screen arrives with its feature." />;
}
