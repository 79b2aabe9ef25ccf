/** Loading, failure and empty states the admin screens share, so each reads the same way. */
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api";

export function EmptyState({ icon: Icon, title, hint }: { icon: LucideIcon; title: string; hint?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-4 py-12 text-center">
      <Icon className="size-10 text-slate-300" aria-hidden />
      <p className="font-medium text-slate-700">{title}</p>
      {hint && <p className="max-w-sm text-sm text-slate-500">{hint}</p>}
    </div>
  );
}

export function LoadingState({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner className="size-6" label={label} />
    </div>
  );
}

export function ErrorState({ error }: { error: unknown }) {
  const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : "Something went wrong.";
  return (
    <p role="alert" className="px-4 py-8 text-center text-sm text-red-600">
      Could not load this: {message}
    </p>
  );
}
