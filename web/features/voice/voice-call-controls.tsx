/**
 * The call's own controls under the indicator: Mute, and the two settings that shape turn
 * taking — barge-in (speaking over the agent stops it) and how long a pause may be (the
 * cascade's only: the realtime model takes turns itself).
 */
import { Mic, MicOff } from "lucide-react";
import { useId } from "react";
import { Button } from "../../components/ui/button";
import { NativeSelect } from "../../components/ui/input";
import { Switch } from "../../components/ui/switch";
import type { CallSettings, PauseTolerance } from "./call-state";

const TOLERANCES: { value: PauseTolerance; label: string }[] = [
  { value: "short", label: "Short" },
  { value: "normal", label: "Normal" },
  { value: "long", label: "Long (I think aloud)" },
];

export function VoiceCallControls({
  settings,
  muted,
  canMute,
  onToggleMute,
  onChange,
  turnSettings = true,
}: {
  settings: CallSettings;
  muted: boolean;
  canMute: boolean;
  onToggleMute: () => void;
  onChange: (settings: Partial<CallSettings>) => void;
  /** Barge-in and pause settings shape the cascade's turn taking; the realtime model has its own. */
  turnSettings?: boolean;
}) {
  const bargeId = useId();
  const pauseId = useId();
  return (
    <div
      className={
        turnSettings
          ? "flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-slate-200 p-2 text-sm"
          : "flex items-center text-sm"
      }
    >
      <Button
        variant={muted ? "destructive" : "outline"}
        size="sm"
        aria-pressed={muted}
        onClick={onToggleMute}
        disabled={!canMute}
      >
        {muted ? <MicOff aria-hidden /> : <Mic aria-hidden />}
        {muted ? "Unmute" : "Mute"}
      </Button>
      {turnSettings && (
        <>
          <div className="flex items-center gap-2">
            <Switch
              id={bargeId}
              checked={settings.bargeIn}
              onCheckedChange={(bargeIn) => onChange({ bargeIn })}
              aria-describedby={`${bargeId}-hint`}
            />
            <label htmlFor={bargeId} className="font-medium text-slate-700">
              Interrupt by speaking
            </label>
            <span id={`${bargeId}-hint`} className="sr-only">
              When on, speaking while the agent talks stops it. Turn off in noisy rooms.
            </span>
          </div>
          <label htmlFor={pauseId} className="flex items-center gap-2 font-medium text-slate-700">
            Pause before reply
            <NativeSelect
              id={pauseId}
              className="h-9 w-auto py-1"
              value={settings.pauseTolerance}
              onChange={(event) => onChange({ pauseTolerance: event.target.value as PauseTolerance })}
            >
              {TOLERANCES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </label>
        </>
      )}
    </div>
  );
}
