/** Three buttons, System / Light / Dark, as one radio group (arrow keys move between them). */
import { Monitor, Moon, Sun, type LucideIcon } from "lucide-react";
import { useRef, type KeyboardEvent } from "react";
import { cn } from "../../lib/class-names";
import { setThemeChoice, THEME_CHOICES, useThemeChoice, type ThemeChoice } from "../../lib/theme";

const LABELS: Record<ThemeChoice, { label: string; icon: LucideIcon }> = {
  system: { label: "System", icon: Monitor },
  light: { label: "Light", icon: Sun },
  dark: { label: "Dark", icon: Moon },
};

export function ThemeSwitch({ className }: { className?: string }) {
  const current = useThemeChoice();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + THEME_CHOICES.length) % THEME_CHOICES.length;
    setThemeChoice(THEME_CHOICES[next]);
    buttons.current[next]?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label="Theme"
      className={cn("grid grid-cols-3 gap-1 rounded-md border border-slate-200 bg-slate-50 p-1", className)}
    >
      {THEME_CHOICES.map((choice, index) => {
        const { label, icon: Icon } = LABELS[choice];
        const checked = current === choice;
        return (
          <button
            key={choice}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => setThemeChoice(choice)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              "flex items-center justify-center gap-1 rounded px-2 py-1 text-xs font-medium",
              checked ? "bg-primary-soft text-primary-ink shadow-sm" : "text-slate-600 hover:text-slate-900",
            )}
          >
            <Icon className="size-3.5" aria-hidden />
            {label}
          </button>
        );
      })}
    </div>
  );
}
