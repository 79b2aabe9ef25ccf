/** Formatting the admin screens share: dates, durations, languages, names. */
import { VOICE_LANGUAGES } from "../../contracts/voice-languages";

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });
}

/** Seconds as m:ss, the way the voice dialog's countdown reads. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function languageName(code: string | null): string | null {
  if (!code) return null;
  return VOICE_LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

export function capitalize(word: string): string {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}
