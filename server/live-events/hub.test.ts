import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminStats } from "../../contracts/realtime.js";
import { createAdminHub, type AccessVerdict, type AdminHub, type HubClient, type HubSocket } from "./hub.js";

class FakeSocket implements HubSocket {
  readyState = 1;
  sent: unknown[] = [];
  pings = 0;
  terminated = false;
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.terminated = true;
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
  }
}

const stats = (pendingUsers: number): AdminStats => ({
  totalUsers: 5,
  adminUsers: 1,
  pendingUsers,
  unresolvedErrors: 0,
  criticalErrors: 0,
});

describe("admin hub", () => {
  let current: AdminStats;
  let reads: number;
  let hub: AdminHub;

  beforeEach(() => {
    vi.useFakeTimers();
    current = stats(1);
    reads = 0;
    hub = createAdminHub({
      readStats: async () => {
        reads += 1;
        return current;
      },
      onError: (error) => {
        throw error;
      },
      debounceMs: 50,
      heartbeatMs: 30_000,
    });
  });
  afterEach(() => {
    hub.close();
    vi.useRealTimers();
  });

  const connect = (verdict: AccessVerdict = "admin") => {
    const socket = new FakeSocket();
    const client: HubClient = {
      socket,
      userId: `user-${hub.size}`,
      sessionHash: `session-${hub.size}`,
      alive: true,
      verify: async () => verdict,
    };
    hub.add(client);
    return { socket, client };
  };

  it("sends the stats to a socket as soon as it connects", async () => {
    const { socket } = connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toEqual([{ type: "stats_update", ...stats(1) }]);
  });

  it("never leaves a socket on older figures than the newest read: its first stats come from the same one-at-a-time computation", async () => {
    // Read n answers stats(n), and whenever two reads are outstanding the newer answers first, as
    // two connections of a busy pool may: the socket must end on the newest read's figures.
    const outstanding: Array<() => void> = [];
    let started = 0;
    const slow = createAdminHub({
      readStats: () => {
        const figures = stats(++started);
        return new Promise<AdminStats>((resolve) => outstanding.push(() => resolve(figures)));
      },
      onError: (error) => {
        throw error;
      },
      debounceMs: 50,
      heartbeatMs: 30_000,
    });
    const settleNewestFirst = async () => {
      for (const answer of outstanding.splice(0).reverse()) answer();
      await vi.advanceTimersByTimeAsync(60);
    };
    const socket = new FakeSocket();
    slow.add({ socket, userId: "u", sessionHash: "s", alive: true, verify: async () => "admin" });
    await vi.advanceTimersByTimeAsync(0);
    slow.onEvent({ type: "stats_changed" });
    await vi.advanceTimersByTimeAsync(60);
    await settleNewestFirst();
    await settleNewestFirst();
    expect(started).toBe(2);
    expect(socket.sent.at(-1)).toEqual({ type: "stats_update", ...stats(2) });
    slow.close();
  });

  it("sends each socket only the stats it has not seen: a newcomer gets them, the others nothing new", async () => {
    const a = connect();
    await vi.advanceTimersByTimeAsync(0);
    const b = connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(a.socket.sent).toEqual([{ type: "stats_update", ...stats(1) }]);
    expect(b.socket.sent).toEqual([{ type: "stats_update", ...stats(1) }]);
    hub.remove(a.client);
    current = stats(3);
    hub.onEvent({ type: "stats_changed" });
    await vi.advanceTimersByTimeAsync(60);
    expect(a.socket.sent).toHaveLength(1);
    expect(b.socket.sent.at(-1)).toEqual({ type: "stats_update", ...stats(3) });
  });

  it("forwards the spec's events to every socket but keeps the bare stats signal to itself", async () => {
    const a = connect();
    const b = connect();
    await vi.advanceTimersByTimeAsync(0);
    hub.onEvent({ type: "user_approval", approved: true, userEmail: "x@example.com" });
    hub.onEvent({ type: "stats_changed" });
    for (const { socket } of [a, b]) {
      expect(socket.sent.slice(1)).toEqual([{ type: "user_approval", approved: true, userEmail: "x@example.com" }]);
    }
  });

  it("holds a revoked session's socket while it is re-read: an admin still gets what it missed, in order, a denied one nothing", async () => {
    let release: (verdict: AccessVerdict) => void = () => {};
    const verdicts = () => new Promise<AccessVerdict>((resolve) => (release = resolve));
    const still = connect();
    const denied = connect();
    const bystander = connect();
    await vi.advanceTimersByTimeAsync(0);
    still.client.verify = verdicts;
    hub.onSessionsRevoked({ scope: "user", userId: still.client.userId });
    const first = { type: "user_signup", userEmail: "a@example.com" } as const;
    const second = { type: "user_signup", userEmail: "b@example.com" } as const;
    hub.onEvent(first);
    expect(still.socket.sent.slice(1)).toEqual([]);
    expect(bystander.socket.sent.slice(1)).toEqual([first]);
    hub.onEvent(second);
    release("admin");
    await vi.advanceTimersByTimeAsync(0);
    expect(still.socket.sent.slice(1)).toEqual([first, second]);

    denied.client.verify = async () => "unauthenticated";
    hub.onSessionsRevoked({ scope: "all" });
    hub.onEvent(first);
    await vi.advanceTimersByTimeAsync(0);
    expect(denied.socket.sent.slice(1)).toEqual([first, second]);
    expect(denied.socket.closedWith).toBe(4401);
    expect(hub.size).toBe(2);
  });

  it("recomputes once for a burst of events and pushes the stats only when they changed", async () => {
    const { socket } = connect();
    await vi.advanceTimersByTimeAsync(0);
    reads = 0;
    current = stats(2);
    for (let i = 0; i < 5; i++) hub.onEvent({ type: "stats_changed" });
    await vi.advanceTimersByTimeAsync(60);
    expect(reads).toBe(1);
    expect(socket.sent.at(-1)).toEqual({ type: "stats_update", ...stats(2) });
    const before = socket.sent.length;
    hub.onEvent({ type: "stats_changed" });
    await vi.advanceTimersByTimeAsync(60);
    expect(reads).toBe(2);
    expect(socket.sent).toHaveLength(before);
  });

  it("does not query the stats while nobody is connected", async () => {
    hub.onEvent({ type: "stats_changed" });
    await vi.advanceTimersByTimeAsync(60);
    expect(reads).toBe(0);
  });

  it("pings every 30 s and terminates a socket that did not answer the previous ping", async () => {
    const { socket, client } = connect();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(socket.pings).toBe(1);
    expect(socket.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(socket.terminated).toBe(true);
    expect(hub.size).toBe(0);
    expect(client.alive).toBe(false);
  });

  it("keeps a socket that answers its pings", async () => {
    const { socket, client } = connect();
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(30_000);
      client.alive = true; // the pong
    }
    expect(socket.pings).toBe(3);
    expect(socket.terminated).toBe(false);
  });

  it("closes a socket whose session ended (4401) or lost admin rights (4403) at the next heartbeat", async () => {
    const ended = connect("unauthenticated");
    const demoted = connect("forbidden");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(ended.socket.closedWith).toBe(4401);
    expect(demoted.socket.closedWith).toBe(4403);
    expect(hub.size).toBe(0);
  });
});
