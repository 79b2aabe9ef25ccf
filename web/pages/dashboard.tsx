import { PageHeader } from "../components/layout/page-header";
import { useAuth } from "../lib/auth";

export function DashboardPage() {
  const { user } = useAuth();
  return <PageHeader title={`Welcome back, ${user?.firstName ?? ""}`} description="Your agents at a glance." />;
}
