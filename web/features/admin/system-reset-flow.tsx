/**
 * The system reset's two confirmation prompts (spec section 5), one after the other: first
 * "are you sure", then type RESET. Success shows the counts and returns to / after 2 s.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, RotateCcw } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { RESET_CONFIRM_WORD } from "../../../contracts/admin";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { resetAllMutation } from "../../lib/admin-queries";
import { toast } from "../../lib/toast-store";

export const RESET_REDIRECT_MS = 2000;

type Step = "idle" | "confirm" | "type-word";

export function SystemResetFlow() {
  const [step, setStep] = useState<Step>("idle");
  const [typed, setTyped] = useState("");
  const [done, setDone] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const reset = useMutation(resetAllMutation());

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      // Everything cached describes a world that no longer exists.
      void queryClient.invalidateQueries();
      navigate("/");
    }, RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, queryClient]);

  const close = () => {
    setStep("idle");
    setTyped("");
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== RESET_CONFIRM_WORD) return;
    reset.mutate(undefined, {
      onSuccess: ({ deleted }) => {
        close();
        setDone(true);
        toast({
          title: "System Reset Complete",
          description: `Deleted ${deleted.agents} agents, ${deleted.conversations} conversations and ${deleted.users} users.`,
        });
      },
      onError: () =>
        toast({
          title: "Reset Failed",
          description: "Failed to reset the system. Please try again.",
          variant: "destructive",
        }),
    });
  };

  return (
    <>
      <Button variant="destructive" onClick={() => setStep("confirm")} disabled={done}>
        <RotateCcw aria-hidden /> {done ? "Reset complete" : "Reset System"}
      </Button>

      {/* One dialog whose content moves on (same DialogContent, so focus stays inside): two
          dialogs handing over raced on a loaded machine, the first one's closing sending focus
          back to Reset System, behind the second. */}
      <Dialog open={step !== "idle"} onOpenChange={(open) => !open && close()}>
        <DialogContent
          title={step === "type-word" ? "Final confirmation" : "Reset the whole system?"}
          description={
            step === "type-word"
              ? `Type ${RESET_CONFIRM_WORD} to wipe the system.`
              : "Every agent, conversation and user except you will be deleted. This cannot be undone."
          }
        >
          {step === "type-word" ? (
            <form onSubmit={onSubmit} className="space-y-4" noValidate>
              <Field id="reset-confirm" label={`Type ${RESET_CONFIRM_WORD} to confirm`}>
                <Input
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  autoFocus
                />
              </Field>
              <div className="flex justify-end gap-2">
                <Button variant="outline" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" disabled={typed !== RESET_CONFIRM_WORD || reset.isPending}>
                  {reset.isPending ? "Resetting..." : "Reset Everything"}
                </Button>
              </div>
            </form>
          ) : (
            <>
              <div className="flex items-start gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                <p>Other users are signed out and their accounts are removed for good.</p>
              </div>
              <div className="mt-5 flex justify-end gap-2">
                <Button variant="outline" onClick={close}>
                  Cancel
                </Button>
                <Button variant="destructive" onClick={() => setStep("type-word")}>
                  Continue
                </Button>
              </div>
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
