/**
 * The admin's way to give a user back their sign-in after the account-wide lock (a very large
 * number of failed sign-ins from many networks; see server/auth/login-throttle.ts). The
 * failures stop counting against the account; the action is written to the audit log.
 */
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import { LockOpen } from "lucide-react";
import { Button } from "../../components/ui/button";
import { adminKeys } from "../../lib/admin-queries";
import { ApiError, apiRequest } from "../../lib/api";
import { toast } from "../../lib/toast-store";

export const unlockSignInMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (id: string) => apiRequest(apiRoute("unlockSignIn", { id })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
  });

export function UnlockSignInButton({ userId, userName }: { userId: string; userName: string }) {
  const unlock = useMutation(unlockSignInMutation(useQueryClient()));
  const onClick = () =>
    unlock.mutate(userId, {
      onSuccess: (result) =>
        toast({
          title: "Sign-in Unlocked",
          description:
            result.failuresForgiven > 0
              ? `${userName} can sign in again from any browser.`
              : `${userName} had no failed sign-ins holding them back.`,
        }),
      onError: (error) =>
        toast({
          title: error instanceof ApiError && error.status === 404 ? "User not found" : "Failed to unlock sign-in",
          description: error instanceof ApiError ? (error.serverMessage ?? undefined) : undefined,
          variant: "destructive",
        }),
    });
  return (
    <Button variant="outline" onClick={onClick} disabled={unlock.isPending}>
      <LockOpen aria-hidden /> {unlock.isPending ? "Unlocking..." : "Unlock Sign-in"}
    </Button>
  );
}
