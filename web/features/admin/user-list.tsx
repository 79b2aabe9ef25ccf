/**
 * Users as a table on wide screens and as stacked cards on phones, each with inline
 * Approve/Deny and a link to the user's detail screen.
 */
import { Users } from "lucide-react";
import { Link } from "wouter";
import type { User } from "../../../contracts/auth";
import { Badge } from "../../components/ui/badge";
import { formatDate } from "../../lib/admin-format";
import { ApprovalBadge } from "./approval-badge";
import { ApprovalButtons } from "./approval-buttons";
import { EmptyState } from "./admin-states";
import { useShownOrder } from "./shown-order";

function UserName({ user }: { user: User }) {
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <Link
        href={`/admin/users/${user.id}`}
        className="truncate font-medium text-slate-900 hover:text-primary-ink hover:underline"
      >
        {user.fullName}
      </Link>
      {user.isAdmin && <Badge variant="default">Admin</Badge>}
    </span>
  );
}

/** `viewKey` names what the list shows (search and page): rows keep their place within a view. */
export function UserList({ users: listed, viewKey }: { users: User[]; viewKey: string }) {
  const users = useShownOrder(listed, viewKey);
  if (users.length === 0) return <EmptyState icon={Users} title="No users found" />;
  return (
    <>
      <ul className="divide-y divide-slate-100 md:hidden" aria-label="Users">
        {users.map((user) => (
          <li key={user.id} className="space-y-2 p-4" data-testid="user-row">
            <div className="flex items-start justify-between gap-2">
              <UserName user={user} />
              <ApprovalBadge status={user.approvalStatus} />
            </div>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
            <p className="truncate text-xs text-slate-500">
              {user.companyName} · joined {formatDate(user.createdAt)}
            </p>
            <ApprovalButtons user={user} />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Name
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Email
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Company
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Joined
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <tr key={user.id} data-testid="user-row" className="hover:bg-slate-50">
                <td className="max-w-48 px-4 py-3">
                  <UserName user={user} />
                </td>
                <td className="max-w-56 truncate px-4 py-3 text-slate-600">{user.email}</td>
                <td className="max-w-40 truncate px-4 py-3 text-slate-600">{user.companyName}</td>
                <td className="px-4 py-3">
                  <ApprovalBadge status={user.approvalStatus} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-500">{formatDate(user.createdAt)}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end">
                    <ApprovalButtons user={user} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
