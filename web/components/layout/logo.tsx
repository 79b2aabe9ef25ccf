import { Bot } from "lucide-react";

export const PRODUCT_NAME = "AgentDesk";

export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`flex items-center gap-2 font-bold text-slate-900 ${className}`}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-white">
        <Bot className="size-5" aria-hidden />
      </span>
      {PRODUCT_NAME}
    </span>
  );
}
