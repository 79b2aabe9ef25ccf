/** Helpers for admin journeys: open an admin screen and wait until its live channel is connected. */
import type { Page, WebSocket } from "@playwright/test";

// A hang detector, not a speed bound: the live channel's code now loads on demand for admins,
// and on a loaded machine the chunk, the socket and the first stats can take many seconds.
const CONNECT_TIMEOUT_MS = 60_000;

/**
 * Navigates to `path` and resolves once /ws-admin has delivered its first frame (the stats),
 * so later events cannot be missed. The frame listener is attached the moment the socket
 * appears: the first frame may well arrive before page.goto() returns.
 */
export async function gotoWithLiveChannel(page: Page, path: string): Promise<void> {
  let onSocket: (ws: WebSocket) => void = () => undefined;
  const firstStats = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no stats_update on /ws-admin within ${CONNECT_TIMEOUT_MS} ms`)),
      CONNECT_TIMEOUT_MS,
    );
    onSocket = (ws) => {
      if (!ws.url().endsWith("/ws-admin")) return;
      ws.on("framereceived", (frame) => {
        if (!String(frame.payload).includes("stats_update")) return;
        clearTimeout(timer);
        resolve();
      });
    };
    page.on("websocket", onSocket);
  });
  // Marked handled here: if goto() throws, the later timeout must not surface as unhandled.
  firstStats.catch(() => undefined);
  try {
    await page.goto(path);
    await firstStats;
  } finally {
    page.off("websocket", onSocket);
  }
}

/** Reads a stat card's number (the card shows "–" until it has one). */
export async function readStat(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? "";
  return Number.parseInt(text, 10);
}
