/** An admin's "Transfer": hand the agent to another approved user of its owner's company. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserRoundCog } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { Agent } from "../../../contracts/agents";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { NativeSelect } from "../../components/ui/input";
import { ApiError } from "../../lib/api";
import { transferAgentMutation } from "../../lib/agent-queries";
import { toast } from "../../lib/toast-store";
import { userDeletionPlanQuery } from "../admin/user-admin-queries";

export function TransferOwnerDialog({ agent }: { agent: Agent }) {
  const [open, setOpen] = useState(false);
  const [userId, setUserId] = useState("");
  const queryClient = useQueryClient();
  // The deletion plan lists the owner's approved colleagues: exactly who may receive the agent.
  const candidates = useQuery({ ...userDeletionPlanQuery(agent.userId), enabled: open });
  const transfer = useMutation(transferAgentMutation(queryClient, agent.id));
  const colleagues = candidates.data?.colleagues ?? [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId) return;
    transfer.mutate(
      { userId },
      {
        onSuccess: (moved) => {
          toast({ title: "Agent transferred", description: `${moved.name} now belongs to ${moved.ownerName}.` });
          setOpen(false);
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: (error instanceof ApiError && error.serverMessage) || "Failed to transfer the agent",
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setUserId("");
      }}
    >
      <Button variant="outline" onClick={() => setOpen(true)}>
        <UserRoundCog aria-hidden /> Transfer
      </Button>
      <DialogContent
        title={`Transfer ${agent.name}`}
        description={`Now owned by ${agent.ownerName}. The new owner gets the agent and its knowledge.`}
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field id="transfer-owner" label="New owner">
            <NativeSelect value={userId} onChange={(e) => setUserId(e.target.value)}>
              <option value="">{candidates.isLoading ? "Loading colleagues..." : "Choose a colleague"}</option>
              {colleagues.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.fullName} ({c.email})
                </option>
              ))}
            </NativeSelect>
          </Field>
          {!candidates.isLoading && colleagues.length === 0 && (
            <p className="text-sm text-slate-500">No other approved user works at this company.</p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!userId || transfer.isPending}>
              {transfer.isPending ? "Transferring..." : "Transfer"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
