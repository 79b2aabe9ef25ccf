/**
 * Make an approved user an administrator, or take the role away (asked first: their open
 * sessions lose admin access at once). The server refuses to demote the last administrator;
 * its plain message is shown as it is.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import type { User } from "../../../contracts/auth";
import { Button } from "../../components/ui/button";
import { adminKeys } from "../../lib/admin-queries";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { ConfirmDialog } from "./confirm-dialog";
import { setAdminMutation } from "./user-admin-queries";

export function AdminRoleButton({ user }: { user: Pick<User, "id" | "fullName" | "isAdmin" | "approvalStatus"> }) {
  const queryClient = useQueryClient();
  const role = useMutation(setAdminMutation(queryClient));
  const [confirming, setConfirming] = useState(false);
  const change = (isAdmin: boolean) =>
    role.mutate(
      { id: user.id, isAdmin },
      {
        onSettled: () => setConfirming(false),
        onSuccess: (updated) => {
          queryClient.setQueryData(adminKeys.user(user.id), updated);
          toast({
            title: isAdmin ? "Administrator Added" : "Administrator Removed",
            description: isAdmin
              ? `${user.fullName} is now an administrator.`
              : `${user.fullName} is no longer an administrator.`,
          });
        },
        onError: (error) =>
          toast({
            title: isAdmin ? "Could not make administrator" : "Could not remove administrator",
            description: error instanceof ApiError ? (error.serverMessage ?? undefined) : undefined,
            variant: "destructive",
          }),
      },
    );

  if (!user.isAdmin) {
    return (
      <Button
        variant="outline"
        disabled={role.isPending || user.approvalStatus !== "approved"}
        onClick={() => change(true)}
      >
        <ShieldCheck aria-hidden /> {role.isPending ? "Saving..." : "Make Admin"}
      </Button>
    );
  }
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      title={`Remove ${user.fullName} as administrator?`}
      description="They stay signed in as a user and lose access to the admin pages at once."
      confirmLabel="Remove Admin"
      busyLabel="Removing..."
      busy={role.isPending}
      onConfirm={() => change(false)}
      trigger={
        <Button variant="outline" disabled={role.isPending}>
          <ShieldOff aria-hidden /> Remove Admin
        </Button>
      }
    />
  );
}
