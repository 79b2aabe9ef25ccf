import type { LucideIcon } from "lucide-react";
import { Card } from "./card";

export function StatCard({
  label,
  value,
  icon: Icon,
  testId,
}: {
  label: string;
  value: number | string | undefined;
  icon: LucideIcon;
  testId?: string;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium text-slate-500 sm:text-sm">{label}</p>
        <Icon className="size-4 text-primary-ink" aria-hidden />
      </div>
      <p className="mt-2 text-2xl font-bold sm:text-3xl" data-testid={testId}>
        {value ?? "–"}
      </p>
    </Card>
  );
}
