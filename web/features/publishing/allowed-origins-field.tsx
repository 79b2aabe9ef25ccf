/**
 * The sites that may embed the widget: a list with Remove per origin and a box to add one. An
 * entry is normalised as the server will (scheme, host and port) before it joins the list, so
 * what is shown is what gets saved.
 */
import { X } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { ALLOWED_ORIGINS_MAX, normaliseOrigin } from "../../../contracts/publishing";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";

export function AllowedOriginsField({
  id,
  origins,
  error,
  disabled,
  onChange,
}: {
  id: string;
  origins: string[];
  /** The server's or the schema's complaint about the list. */
  error?: string;
  disabled: boolean;
  onChange: (origins: string[]) => void;
}) {
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  const errorId = `${id}-error`;

  const add = () => {
    if (!typed.trim()) return setProblem("Type an origin first, like https://shop.example.com.");
    const origin = normaliseOrigin(typed);
    if (!origin) return setProblem("Enter an origin like https://shop.example.com: scheme, host and port, no path.");
    if (origins.includes(origin)) return setProblem(`${origin} is already in the list.`);
    if (origins.length >= ALLOWED_ORIGINS_MAX) return setProblem(`At most ${ALLOWED_ORIGINS_MAX} origins.`);
    onChange([...origins, origin]);
    setTyped("");
    setProblem(null);
  };
  // Enter adds the origin rather than saving the whole form half-typed.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Allowed origins</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        The sites whose pages may show the widget. The public page works without being listed.
      </p>
      {origins.length === 0 ? (
        <p className="text-sm text-slate-500">No sites yet: the widget works on no other site.</p>
      ) : (
        <ul className="space-y-1.5" aria-label="Allowed origins">
          {origins.map((origin) => (
            <li
              key={origin}
              className="flex items-center justify-between gap-2 rounded-md border border-slate-200 py-1 pl-3 pr-1"
            >
              <span className="min-w-0 break-all font-mono text-xs">{origin}</span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={disabled}
                aria-label={`Remove ${origin}`}
                onClick={() => onChange(origins.filter((kept) => kept !== origin))}
              >
                <X aria-hidden />
                <span className="sr-only sm:not-sr-only">Remove</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Input
          id={id}
          value={typed}
          disabled={disabled}
          inputMode="url"
          placeholder="https://shop.example.com"
          aria-label="Origin to allow"
          aria-invalid={shown ? true : undefined}
          aria-describedby={[shown ? errorId : undefined, `${id}-hint`].filter(Boolean).join(" ")}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" disabled={disabled} onClick={add}>
          Add
        </Button>
      </div>
      {shown && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {shown}
        </p>
      )}
    </fieldset>
  );
}
