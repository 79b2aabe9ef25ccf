/**
 * Simple windowing for long transcripts: past WINDOWING_THRESHOLD messages only the ones near
 * the viewport are rendered, with spacers standing in for the rest. Heights are measured as
 * items render (ResizeObserver, so a growing streamed reply is tracked) and estimated before.
 */
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState, type RefObject } from "react";

export const WINDOWING_THRESHOLD = 300;
const ESTIMATED_HEIGHT_PX = 88;
const OVERSCAN_PX = 1200;

export interface ListWindow {
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
  /** Attach to each rendered item's element, with `data-key` set to its key. */
  observe: (element: HTMLElement | null) => void;
}

export function useWindowedList(keys: string[], scrollRef: RefObject<HTMLElement | null>): ListWindow {
  const enabled = keys.length > WINDOWING_THRESHOLD;
  const heights = useRef(new Map<string, number>());
  const [, remeasured] = useReducer((n: number) => n + 1, 0);
  const [view, setView] = useState({ top: 0, height: 800 });
  const observer = useRef<ResizeObserver | null>(null);
  const frame = useRef(0);

  // One animation frame batches many resize and scroll notices into one render.
  const schedule = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const el = scrollRef.current;
      if (el) setView({ top: el.scrollTop, height: el.clientHeight });
      remeasured();
    });
  }, [scrollRef]);

  useEffect(() => {
    if (!enabled) return;
    observer.current = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const target = entry.target as HTMLElement;
        const size = entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height;
        // An item leaving the window reports 0 on its way out; its last real height still holds.
        if (!target.isConnected || size === 0) continue;
        const key = target.dataset.key;
        if (key) heights.current.set(key, size);
      }
      schedule();
    });
    const el = scrollRef.current;
    el?.addEventListener("scroll", schedule, { passive: true });
    return () => {
      observer.current?.disconnect();
      observer.current = null;
      el?.removeEventListener("scroll", schedule);
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [enabled, schedule, scrollRef]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (enabled && el) setView({ top: el.scrollTop, height: el.clientHeight });
  }, [enabled, scrollRef, keys.length]);

  // React 19 runs the returned cleanup when the item unmounts.
  const observe = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const current = observer.current;
    current?.observe(element);
    return () => current?.unobserve(element);
  }, []);

  if (!enabled) return { start: 0, end: keys.length, padTop: 0, padBottom: 0, observe };

  const heightAt = (i: number) => heights.current.get(keys[i] ?? "") ?? ESTIMATED_HEIGHT_PX;
  const from = view.top - OVERSCAN_PX;
  const to = view.top + view.height + OVERSCAN_PX;
  // The first item reaching into [from, to]; never past the last, so something always renders.
  let start = 0;
  let offset = 0;
  while (start < keys.length - 1 && offset + heightAt(start) < from) offset += heightAt(start++);
  const padTop = offset;
  let end = start;
  while (end < keys.length && offset <= to) offset += heightAt(end++);
  let padBottom = 0;
  for (let i = end; i < keys.length; i++) padBottom += heightAt(i);
  return { start, end, padTop, padBottom, observe };
}
