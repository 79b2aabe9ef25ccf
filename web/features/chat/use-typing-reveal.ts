/**
 * The spec's typing-style reveal of a reply that arrived all at once. Streamed replies skip it:
 * they already appear as the model writes them. The pace lives in typing-reveal-pace.ts; here
 * are the clock, the "show it all" escape (a click or key press) and prefers-reduced-motion,
 * which shows the text as it arrives.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { advanceReveal, type RevealPace } from "./typing-reveal-pace";

const TICK_MS = 30;

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/**
 * The part of `target` to show now. `key` names one reveal: a new key starts again from
 * nothing, while a target that grows under the same key (more deltas) keeps going.
 * Returns null when there is nothing to reveal (key null).
 */
export function useTypingReveal(target: string, key: string | null): string | null {
  // Code points, so an emoji is never shown half-drawn.
  const characters = useMemo(() => Array.from(target), [target]);
  const total = characters.length;
  const [state, setState] = useState({ key, shown: 0 });
  if (state.key !== key) setState({ key, shown: 0 });
  const shown = state.key === key ? state.shown : 0;
  const finished = shown >= total || prefersReducedMotion();

  const pace = useRef<RevealPace & { key: string | null; total: number }>({
    key,
    total,
    shown: 0,
    at: 0,
    arrivedAt: 0,
  });
  if (pace.current.key !== key || pace.current.total !== total) {
    const now = performance.now();
    const carried = pace.current.key === key ? pace.current.shown : 0;
    pace.current = { key, total, shown: carried, at: now, arrivedAt: now };
  }

  useEffect(() => {
    if (key === null || finished) return;
    const showAll = () =>
      setState((current) => (current.key === key ? { key, shown: Number.MAX_SAFE_INTEGER } : current));
    const timer = setInterval(() => {
      const next = advanceReveal(pace.current, pace.current.total, performance.now());
      pace.current = { ...pace.current, ...next };
      const whole = Math.floor(next.shown);
      setState((current) => (current.key === key && current.shown !== whole ? { key, shown: whole } : current));
    }, TICK_MS);
    window.addEventListener("pointerdown", showAll);
    window.addEventListener("keydown", showAll);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pointerdown", showAll);
      window.removeEventListener("keydown", showAll);
    };
  }, [key, finished]);

  if (key === null) return null;
  return finished ? target : characters.slice(0, shown).join("");
}
