/**
 * /admin/users/{id}: one user, with Approve/Deny, the reset-password dialog, Make/Remove Admin
 * and Delete User; 'User not found' when missing (or deleted).
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, UserX } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "wouter";
import { USER_NOT_FOUND } from "../../contracts/errors";
import { PageHeader } from "../components/layout/page-header";
import { Badge } from "../components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { AdminGuard } from "../features/admin/admin-guard";
import { EmptyState, ErrorState, LoadingState } from "../features/admin/admin-states";
import { ApprovalBadge } from "../features/admin/approval-badge";
import { AdminRoleButton } from "../features/admin/admin-role-button";
import { ApprovalButtons } from "../features/admin/approval-buttons";
import { DeleteUserDialog } from "../features/admin/delete-user-dialog";
import { ResetPasswordDialog } from "../features/admin/reset-password-dialog";
import { UnlockSignInButton } from "../features/admin/unlock-sign-in-button";
import { formatDateTime } from "../lib/admin-format";
import { adminUserQuery } from "../lib/admin-queries";
import { ApiError } from "../lib/api";

function BackLink() {
  return (
    <Link
      href="/admin-users"
      className="mb-4 inline-flex items-center gap-1 text-sm text-slate-500 hover:text-primary-ink"
    >
      <ArrowLeft className="size-4" aria-hidden /> User Management
    </Link>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

export function AdminUserDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  const user = useQuery(adminUserQuery(id));
  const missing = user.error instanceof ApiError && user.error.status === 404;

  return (
    <AdminGuard>
      <BackLink />
      {user.isPending ? (
        <LoadingState />
      ) : missing ? (
        <Card>
          <EmptyState icon={UserX} title={USER_NOT_FOUND} hint="The user may have been deleted." />
        </Card>
      ) : user.isError ? (
        <ErrorState error={user.error} />
      ) : (
        <>
          <PageHeader
            title={
              <span className="flex flex-wrap items-center gap-2">
                {user.data.fullName} {user.data.isAdmin && <Badge>Admin</Badge>}
              </span>
            }
            description={user.data.email}
            actions={
              <>
                <ApprovalButtons user={user.data} size="default" />
                <ResetPasswordDialog userId={user.data.id} userName={user.data.fullName} />
                <UnlockSignInButton userId={user.data.id} userName={user.data.fullName} />
                <AdminRoleButton user={user.data} />
                <DeleteUserDialog user={user.data} />
              </>
            }
          />
          <Card>
            <CardHeader>
              <CardTitle>Account</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="divide-y divide-slate-100">
                <Detail label="Status">
                  <ApprovalBadge status={user.data.approvalStatus} />
                </Detail>
                <Detail label="Email">{user.data.email}</Detail>
                <Detail label="Company">{user.data.companyName}</Detail>
                <Detail label="Phone">{user.data.phoneNumber}</Detail>
                <Detail label="Address">
                  <span className="whitespace-pre-line">{user.data.address}</span>
                </Detail>
                <Detail label="Role">{user.data.isAdmin ? "Administrator" : "User"}</Detail>
                <Detail label="Signed up">{formatDateTime(user.data.createdAt)}</Detail>
                <Detail label="Last updated">{formatDateTime(user.data.updatedAt)}</Detail>
              </dl>
            </CardContent>
          </Card>
        </>
      )}
    </AdminGuard>
  );
}
