/** A delete button that asks for confirmation first (deleting is not undoable). */
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { useDeleteAgent } from "./use-delete-agent";

export function DeleteAgentButton({ id, name, onDeleted }: { id: string; name: string; onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAgent(onDeleted);
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} onClick={() => setOpen(true)}>
        <Trash2 className="text-red-600" aria-hidden />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={`Delete ${name}?`}
          description="The agent is removed for good. Its past conversations stay readable for administrators."
        >
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => remove.mutate(id, { onSettled: () => setOpen(false) })}
            >
              {remove.isPending ? "Deleting..." : "Delete"}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
