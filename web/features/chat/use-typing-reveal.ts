/**
 * The spec's typing-style reveal of a reply that arrived all at once (TYPING_REVEAL_MS_PER_CHAR
 * per character). Streamed replies skip it: they already appear as the model writes them.
 */
import { useEffect, useMemo, useState } from "react";
import { TYPING_REVEAL_MS_PER_CHAR } from "../../../contracts/limits";

/**
 * The part of `target` to show now. `key` names one reveal: a new key starts again from
 * nothing, while a target that grows under the same key (more deltas) keeps going.
 * Returns null when there is nothing to reveal (key null).
 */
export function useTypingReveal(target: string, key: string | null): string | null {
  // Code points, so an emoji is never shown half-drawn.
  const characters = useMemo(() => Array.from(target), [target]);
  const [state, setState] = useState({ key, shown: 0 });
  if (state.key !== key) setState({ key, shown: 0 });
  const shown = state.key === key ? state.shown : 0;
  const finished = shown >= characters.length;

  useEffect(() => {
    if (key === null || finished) return;
    const timer = setInterval(
      () => setState((current) => (current.key === key ? { key, shown: current.shown + 1 } : current)),
      TYPING_REVEAL_MS_PER_CHAR,
    );
    return () => clearInterval(timer);
  }, [key, finished]);

  return key === null ? null : characters.slice(0, shown).join("");
}
