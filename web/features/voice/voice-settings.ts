/** The dialog's voice settings (barge-in, pause tolerance), remembered in this browser. */
import { DEFAULT_SETTINGS, type CallSettings } from "./call-state";

const KEY = "agentdesk.voice-settings";

export function loadVoiceSettings(): CallSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "null") as Partial<CallSettings> | null;
    const pauseTolerance = ["short", "normal", "long"].includes(String(saved?.pauseTolerance))
      ? (saved?.pauseTolerance ?? DEFAULT_SETTINGS.pauseTolerance)
      : DEFAULT_SETTINGS.pauseTolerance;
    return {
      bargeIn: typeof saved?.bargeIn === "boolean" ? saved.bargeIn : DEFAULT_SETTINGS.bargeIn,
      pauseTolerance,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveVoiceSettings(settings: CallSettings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Private mode or a full store: the setting still holds for this call.
  }
}
