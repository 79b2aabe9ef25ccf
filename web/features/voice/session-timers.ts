/**
 * The call's two clocks (spec sections 4 and 9): the countdown, ticking every second from the
 * server's session length, and the 60-second inactivity timer. Plain setInterval/setTimeout,
 * so tests can drive them with a fake clock.
 */
import { VOICE_INACTIVITY_MS } from "../../../contracts/limits";

export class SessionTimers {
  private countdown: ReturnType<typeof setInterval> | undefined;
  private inactivity: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly handlers: { onTick(secondsLeft: number): void; onTimeUp(): void; onInactive(): void }) {}

  startCountdown(seconds: number): void {
    this.stopCountdown();
    let left = seconds;
    this.countdown = setInterval(() => {
      left = Math.max(0, left - 1);
      this.handlers.onTick(left);
      if (left === 0) {
        this.stopCountdown();
        this.handlers.onTimeUp();
      }
    }, 1000);
  }

  stopCountdown(): void {
    clearInterval(this.countdown);
    this.countdown = undefined;
  }

  /** (Re)starts the wait for activity; call whenever the call goes back to listening. */
  armInactivity(): void {
    this.clearInactivity();
    this.inactivity = setTimeout(() => this.handlers.onInactive(), VOICE_INACTIVITY_MS);
  }

  clearInactivity(): void {
    clearTimeout(this.inactivity);
    this.inactivity = undefined;
  }

  stopAll(): void {
    this.stopCountdown();
    this.clearInactivity();
  }
}

/** m:ss, as the dialog shows the time left. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
