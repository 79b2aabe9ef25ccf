/** /admin: live stat cards, links to every admin screen, and the users with pending ones first. */
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { PageHeader } from "../components/layout/page-header";
import { Card, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { AdminGuard } from "../features/admin/admin-guard";
import { AdminLinks } from "../features/admin/admin-links";
import { AdminStatCards } from "../features/admin/admin-stat-cards";
import { ErrorState, LoadingState } from "../features/admin/admin-states";
import { UserList } from "../features/admin/user-list";
import { userPageQuery } from "../lib/admin-queries";

export function AdminPanelPage() {
  return (
    <AdminGuard>
      <PageHeader title="Admin Panel" description="Users, companies, conversations and reports. Numbers update live." />
      <div className="space-y-6">
        <AdminStatCards />
        <section aria-labelledby="admin-screens">
          <h2 id="admin-screens" className="sr-only">
            Admin screens
          </h2>
          <AdminLinks />
        </section>
        <PanelUsers />
      </div>
    </AdminGuard>
  );
}

function PanelUsers() {
  const users = useQuery(userPageQuery("", 1));
  const total = users.data?.total ?? 0;
  return (
    <Card>
      <CardHeader className="flex-row items-end justify-between gap-3">
        <div>
          <CardTitle>Users</CardTitle>
          <CardDescription>Pending sign-ups first.</CardDescription>
        </div>
        <Link href="/admin-users" className="shrink-0 text-sm text-primary-ink hover:underline">
          {total > (users.data?.users.length ?? 0) ? `View all ${total}` : "Manage users"}
        </Link>
      </CardHeader>
      {users.isPending ? (
        <LoadingState />
      ) : users.isError ? (
        <ErrorState error={users.error} />
      ) : (
        <UserList users={users.data.users} viewKey="panel" />
      )}
    </Card>
  );
}
