import { GENDERS, type Gender } from "../../../contracts/agents";
import { NativeSelect } from "../../components/ui/input";

export const GENDER_LABELS: Record<Gender, string> = {
  male: "Male",
  female: "Female",
  "non-binary": "Non-binary",
  "prefer-not-to-say": "Prefer not to say",
};

export function GenderSelect({
  value,
  onChange,
  id,
}: {
  value: Gender | "";
  onChange: (g: Gender | "") => void;
  id?: string;
}) {
  return (
    <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as Gender | "")} required>
      <option value="">Select gender</option>
      {GENDERS.map((g) => (
        <option key={g} value={g}>
          {GENDER_LABELS[g]}
        </option>
      ))}
    </NativeSelect>
  );
}
