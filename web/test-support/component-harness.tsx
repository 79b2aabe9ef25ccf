/**
 * What a React component test (jsdom, Testing Library) needs around the component under test:
 * the browser APIs jsdom lacks, a fake `fetch` at the network edge that answers by method and
 * path like the server would, a reply stream the test feeds event by event, and a render inside
 * a fresh QueryClient and an in-memory router. Test-only: nothing in the app imports it.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";

/**
 * Call once at the top of a test file: before each test, the browser APIs jsdom lacks (it has no
 * layout, so observers never fire; every motion query answers "reduce"); after it, a clean DOM
 * and the real globals back.
 */
export function setUpComponentTests(): void {
  beforeEach(() => {
    class InertObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal("ResizeObserver", InertObserver);
    vi.stubGlobal("IntersectionObserver", InertObserver);
    // A live stream (GET …/live) that stays open and says nothing: the conversation never
    // changes behind the test's back.
    class SilentEventSource extends EventTarget {
      readonly readyState = 1;
      close() {}
    }
    vi.stubGlobal("EventSource", SilentEventSource);
    vi.stubGlobal("matchMedia", (query: string): Partial<MediaQueryList> => ({
      matches: query.includes("reduce"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
    Element.prototype.scrollIntoView ??= () => {};
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export type FakeRoute = (request: { url: URL; init: RequestInit | undefined }) => Response | Promise<Response>;

/**
 * Replaces `fetch` with one that answers "METHOD /path" from `routes` (the path without its
 * query) and fails the test loudly on anything else. Returns the requests it saw, in order.
 */
export function fakeApi(routes: Record<string, FakeRoute>): {
  calls: { method: string; path: string; body: unknown }[];
} {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input.toString(), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, path: url.pathname, body });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return json({ code: "NOT_FOUND", message: `No fake for ${method} ${url.pathname}` }, 404);
    return route({ url, init });
  });
  return { calls };
}

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * A `text/event-stream` reply the test writes to as it goes: each `send` is one SSE frame, so
 * the component can be looked at between two events. Aborting the request ends the stream.
 */
export function sseReply(init?: RequestInit) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  init?.signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
  return {
    response: new Response(body, { headers: { "Content-Type": "text/event-stream" } }),
    send(event: string, data: unknown) {
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    close() {
      controller.close();
    },
  };
}

/** Renders `ui` with its own QueryClient (no retries: a failure shows at once) at `path`. */
export function renderAt(ui: ReactNode, path = "/") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const location = memoryLocation({ path, record: true });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, location };
}
