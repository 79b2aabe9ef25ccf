import type { ComponentPropsWithoutRef } from "react";
import { GENDERS, type Gender } from "../../../contracts/agents";
import { NativeSelect } from "../../components/ui/input";

export const GENDER_LABELS: Record<Gender, string> = {
  male: "Male",
  female: "Female",
  "non-binary": "Non-binary",
  "prefer-not-to-say": "Prefer not to say",
};

/** `Field` hands down the id and, with an error, aria-invalid and aria-describedby: passed on to the select. */
type SelectAttributes = Omit<ComponentPropsWithoutRef<"select">, "value" | "onChange">;

export function GenderSelect({
  value,
  onChange,
  ...attributes
}: SelectAttributes & {
  value: Gender | "";
  onChange: (g: Gender | "") => void;
}) {
  return (
    <NativeSelect {...attributes} value={value} onChange={(e) => onChange(e.target.value as Gender | "")} required>
      <option value="">Select gender</option>
      {GENDERS.map((g) => (
        <option key={g} value={g}>
          {GENDER_LABELS[g]}
        </option>
      ))}
    </NativeSelect>
  );
}
