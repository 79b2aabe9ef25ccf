/**
 * Delete a user, after a confirmation that asks what becomes of their agents: handed to a
 * colleague of the same company (the default when there is one) or deleted. Their
 * conversations stay readable to admins under their name either way.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import type { User } from "../../../contracts/auth";
import { Button } from "../../components/ui/button";
import { ApiError } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { toast } from "../../lib/toast-store";
import { ConfirmDialog } from "./confirm-dialog";
import { deleteUserMutation, userDeletionPlanQuery } from "./user-admin-queries";

type AgentChoice = "transfer" | "delete";

export function DeleteUserDialog({ user }: { user: Pick<User, "id" | "fullName" | "email"> }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { user: me } = useAuth();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<AgentChoice | null>(null);
  const [receiver, setReceiver] = useState("");
  const plan = useQuery({ ...userDeletionPlanQuery(user.id), enabled: open });
  const remove = useMutation(deleteUserMutation(queryClient));

  const colleagues = plan.data?.colleagues ?? [];
  const agentCount = plan.data?.agentCount ?? 0;
  const chosen: AgentChoice = choice ?? (colleagues.length > 0 ? "transfer" : "delete");
  const to = receiver || colleagues[0]?.id || "";
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setChoice(null);
      setReceiver("");
    }
  };

  const confirm = () =>
    remove.mutate(
      { id: user.id, input: chosen === "transfer" ? { agents: "transfer", transferTo: to } : { agents: "delete" } },
      {
        onSuccess: (result) => {
          toast({
            title: "User Deleted",
            description:
              result.agentsTransferred > 0
                ? `${user.fullName} was deleted; ${result.agentsTransferred} agent(s) moved to their colleague.`
                : `${user.fullName} was deleted.`,
          });
          setOpen(false);
          navigate("/admin-users");
        },
        onError: (error) =>
          toast({
            title: "Could not delete user",
            description: error instanceof ApiError ? (error.serverMessage ?? undefined) : undefined,
            variant: "destructive",
          }),
      },
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${user.fullName}?`}
      description={`${user.email} is signed out and can no longer sign in. Their conversations stay readable to administrators under their name.`}
      confirmLabel="Delete User"
      busyLabel="Deleting..."
      busy={remove.isPending}
      confirmDisabled={plan.isPending || (chosen === "transfer" && !to)}
      onConfirm={confirm}
      trigger={
        <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50" disabled={user.id === me?.id}>
          <Trash2 aria-hidden /> Delete User
        </Button>
      }
    >
      {plan.isPending ? (
        <p className="text-sm text-slate-500">Looking up their agents...</p>
      ) : plan.isError ? (
        <p className="text-sm text-red-700">Could not read what this user owns. Close and try again.</p>
      ) : agentCount === 0 ? (
        <p className="text-sm text-slate-600">They have no agents.</p>
      ) : (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-900">
            Their {agentCount === 1 ? "agent" : `${agentCount} agents`}
          </legend>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="agents"
              className="mt-1"
              checked={chosen === "transfer"}
              disabled={colleagues.length === 0}
              onChange={() => setChoice("transfer")}
            />
            <span>
              Give to a colleague
              {colleagues.length === 0 && (
                <span className="block text-slate-500">No approved colleague in their company.</span>
              )}
            </span>
          </label>
          {chosen === "transfer" && colleagues.length > 0 && (
            <div className="pl-6">
              <label htmlFor="transfer-to" className="sr-only">
                Colleague who receives the agents
              </label>
              <select
                id="transfer-to"
                className="h-10 w-full rounded-md border border-slate-300 bg-surface px-3 text-sm text-slate-900"
                value={to}
                onChange={(event) => setReceiver(event.target.value)}
              >
                {colleagues.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.fullName} ({c.email})
                  </option>
                ))}
              </select>
            </div>
          )}
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="agents"
              className="mt-1"
              checked={chosen === "delete"}
              onChange={() => setChoice("delete")}
            />
            <span>Delete them (conversations with them keep the agent's name)</span>
          </label>
        </fieldset>
      )}
    </ConfirmDialog>
  );
}
