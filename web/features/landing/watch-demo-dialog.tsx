/** Watch Demo: a short step-by-step walkthrough of the product (the spec leaves the action open). */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";

const steps = [
  {
    title: "1. Create an agent",
    text: "Give it a name, gender, role, speciality and personality, or start from a template such as Sales or Customer Support.",
  },
  {
    title: "2. Chat by text",
    text: "Open the chat and talk to your agent. Replies stream in as the model writes them.",
  },
  {
    title: "3. Talk by voice",
    text: "Press the microphone, pick one of nine languages and hold a timed, hands-free voice conversation.",
  },
  {
    title: "4. Run your team",
    text: "Administrators approve new accounts, read conversations and handle issue reports, with live notifications.",
  },
];

export function WatchDemoDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [index, setIndex] = useState(0);
  const step = steps[index];
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) setIndex(0);
      }}
    >
      <DialogContent title="How it works" description={`Step ${index + 1} of ${steps.length}`}>
        <div className="min-h-28 rounded-lg bg-primary-soft p-5" aria-live="polite">
          <h3 className="font-semibold text-primary-ink">{step.title}</h3>
          <p className="mt-2 text-sm text-slate-700">{step.text}</p>
        </div>
        <div className="mt-4 flex items-center justify-between gap-2">
          <Button variant="outline" onClick={() => setIndex((i) => i - 1)} disabled={index === 0}>
            <ChevronLeft aria-hidden /> Back
          </Button>
          {index < steps.length - 1 ? (
            <Button onClick={() => setIndex((i) => i + 1)}>
              Next <ChevronRight aria-hidden />
            </Button>
          ) : (
            <Button asChild>
              <Link href="/login">Get Started</Link>
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
