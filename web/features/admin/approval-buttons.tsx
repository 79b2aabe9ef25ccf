/**
 * Approve and Deny for one user, disabled where the server would refuse: approve unless
 * already approved, deny unless already denied, and never deny yourself (spec section 4).
 * Deny asks first: it signs the person out everywhere.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { useState } from "react";
import type { User } from "../../../contracts/auth";
import { Button } from "../../components/ui/button";
import { setApprovalMutation } from "../../lib/admin-queries";
import { ApiError } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { toast } from "../../lib/toast-store";
import { ConfirmDialog } from "./confirm-dialog";

export function ApprovalButtons({
  user,
  size = "sm",
}: {
  user: Pick<User, "id" | "email" | "fullName" | "approvalStatus">;
  size?: "sm" | "default";
}) {
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  const approval = useMutation(setApprovalMutation(queryClient));
  const [confirmingDeny, setConfirmingDeny] = useState(false);
  const decide = (approved: boolean) =>
    approval.mutate(
      { id: user.id, approved },
      {
        onSettled: () => setConfirmingDeny(false),
        onSuccess: () =>
          toast({
            title: approved ? "User Approved" : "User Denied",
            description: `${user.email} ${approved ? "can now sign in" : "can no longer sign in"}.`,
          }),
        onError: (error) =>
          toast({
            title:
              error instanceof ApiError && error.status === 404 ? "User not found" : "Failed to update user status",
            description: error instanceof ApiError ? (error.serverMessage ?? undefined) : undefined,
            variant: "destructive",
          }),
      },
    );
  const busy = approval.isPending;
  return (
    <div className="flex gap-2">
      <Button
        size={size}
        variant="outline"
        className="border-emerald-300 text-emerald-700 hover:bg-emerald-50"
        disabled={busy || user.approvalStatus === "approved"}
        onClick={() => decide(true)}
        aria-label={`Approve ${user.fullName}`}
      >
        <Check aria-hidden /> Approve
      </Button>
      <ConfirmDialog
        open={confirmingDeny}
        onOpenChange={setConfirmingDeny}
        title={`Deny ${user.fullName}?`}
        description={`${user.email} will be signed out and can no longer sign in. You can approve them again later.`}
        confirmLabel="Deny"
        busyLabel="Denying..."
        busy={busy}
        onConfirm={() => decide(false)}
        trigger={
          <Button
            size={size}
            variant="outline"
            className="border-red-300 text-red-700 hover:bg-red-50"
            disabled={busy || user.approvalStatus === "denied" || user.id === me?.id}
            aria-label={`Deny ${user.fullName}`}
          >
            <X aria-hidden /> Deny
          </Button>
        }
      />
    </div>
  );
}
