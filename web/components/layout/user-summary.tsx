import type { User } from "../../../contracts/auth";
import { Badge } from "../ui/badge";
import { UserAvatar } from "./user-avatar";

export function UserSummary({ user }: { user: User }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.fullName;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <UserAvatar user={user} />
      <div className="min-w-0">
        <div className="flex items-center gap-2">
          <p className="truncate text-sm font-medium" data-testid="user-name">
            {name}
          </p>
          {user.isAdmin && <Badge variant="warning">Admin</Badge>}
        </div>
        <p className="truncate text-xs text-slate-500">{user.email}</p>
      </div>
    </div>
  );
}
