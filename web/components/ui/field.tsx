/** A labelled form field with its error message wired to the input for screen readers. */
import type { ReactElement, ReactNode } from "react";
import { cloneElement } from "react";

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}

export function Field({ id, label, error, hint, children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {cloneElement(children, {
        id,
        "aria-invalid": error ? true : undefined,
        // The field's own description (a form-wide message) is kept beside its error.
        "aria-describedby":
          [error ? errorId : undefined, children.props["aria-describedby"]].filter(Boolean).join(" ") || undefined,
      })}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
