/** Admin sets a new password for a user (spec section 5: at least 6 characters, confirmation must match). */
import { useMutation } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { PASSWORD_MIN_LENGTH } from "../../../contracts/limits";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { resetPasswordMutation } from "../../lib/admin-queries";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast-store";

export function ResetPasswordDialog({ userId, userName }: { userId: string; userName: string }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const reset = useMutation(resetPasswordMutation());

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPassword("");
      setConfirm("");
      setErrors({});
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (password.length < PASSWORD_MIN_LENGTH)
      found.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
    if (password !== confirm) found.confirm = "Passwords do not match";
    setErrors(found);
    if (found.password || found.confirm) return;
    reset.mutate(
      { id: userId, newPassword: password },
      {
        onSuccess: () => {
          toast({
            title: "Password Reset",
            description: `${userName} has a new password and was signed out everywhere.`,
          });
          close(false);
        },
        onError: (error) =>
          toast({
            title: error instanceof ApiError && error.status === 404 ? "User not found" : "Failed to reset password",
            description: error instanceof ApiError ? (error.serverMessage ?? undefined) : undefined,
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <KeyRound aria-hidden /> Reset Password
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Reset Password"
        description={`Choose a new password for ${userName}. Their open sessions will end.`}
      >
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <Field id="new-password" label="New password" error={errors.password}>
            <Input
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Field id="confirm-password" label="Confirm password" error={errors.confirm}>
            <Input
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={reset.isPending}>
              {reset.isPending ? "Resetting..." : "Reset Password"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
