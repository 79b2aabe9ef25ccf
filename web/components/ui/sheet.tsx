/** A panel that slides in from a side of the screen (Radix dialog): the phone menu and the conversation list. */
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/class-names";
import { Button } from "./button";
import { useReturnFocus } from "./return-focus";

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  title: ReactNode;
  closeLabel: string;
  /** The button that opens the sheet, when it sits beside it. */
  trigger?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Sheet({ open, onOpenChange, side, title, closeLabel, trigger, className, children }: SheetProps) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          className={cn(
            "fixed inset-y-0 z-50 flex flex-col bg-surface shadow-xl",
            side === "left" ? "left-0" : "right-0",
            className,
          )}
        >
          <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
            <DialogPrimitive.Title className="font-semibold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={closeLabel}>
                <X aria-hidden />
              </Button>
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
