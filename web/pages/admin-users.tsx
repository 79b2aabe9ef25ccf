/** /admin-users: every user, searched on the server as you type, 100 to a page. */
import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useState } from "react";
import { ADMIN_USERS_PAGE_SIZE } from "../../contracts/limits";
import { PageHeader } from "../components/layout/page-header";
import { Card } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { AdminGuard } from "../features/admin/admin-guard";
import { ErrorState, LoadingState } from "../features/admin/admin-states";
import { Pager } from "../features/admin/pager";
import { useDebouncedValue } from "../features/admin/use-debounced-value";
import { UserList } from "../features/admin/user-list";
import { userPageQuery } from "../lib/admin-queries";

const SEARCH_DEBOUNCE_MS = 300;

export function AdminUsersPage() {
  const [typed, setTyped] = useState("");
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const users = useQuery(userPageQuery(search, page));

  return (
    <AdminGuard>
      <PageHeader title="User Management" description="Approve sign-ups, deny access and reset passwords." />
      <Card>
        <div className="border-b border-slate-100 p-4">
          <label htmlFor="user-search" className="sr-only">
            Search users
          </label>
          <div className="relative max-w-md">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              id="user-search"
              type="search"
              value={typed}
              onChange={(e) => {
                setTyped(e.target.value);
                setPage(1);
              }}
              placeholder="Search name, email, company..."
              className="pl-9"
            />
          </div>
        </div>
        {users.isPending ? (
          <LoadingState />
        ) : users.isError ? (
          <ErrorState error={users.error} />
        ) : (
          <>
            {/* While another search's answer is on its way the last one stays up (placeholder data):
                it keeps its own view, so the new answer starts from the server's order. */}
            <UserList
              users={users.data.users}
              viewKey={users.isPlaceholderData ? "previous answer" : `${search}\n${page}`}
            />
            <Pager page={page} pageSize={ADMIN_USERS_PAGE_SIZE} total={users.data.total} onPage={setPage} />
          </>
        )}
      </Card>
    </AdminGuard>
  );
}
