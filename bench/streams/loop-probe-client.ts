/** The benchmark's side of bench/streams/loop-probe.mjs: windows of a server's event-loop delay. */
import type { ChildProcess } from "node:child_process";

export interface LoopWindow {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  samples: number;
  heapUsedMb: number;
  rssMb: number;
}

function ask<T>(child: ChildProcess, probe: "reset" | "read"): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (typeof message !== "object" || message === null || (message as { probe?: string }).probe !== probe) return;
      child.off("message", onMessage);
      resolve(message as T);
    };
    child.on("message", onMessage);
    if (!child.send({ probe })) reject(new Error("the server has no IPC channel (started without ipc?)"));
  });
}

export async function resetLoopWindow(child: ChildProcess): Promise<void> {
  await ask(child, "reset");
}

export function readLoopWindow(child: ChildProcess): Promise<LoopWindow> {
  return ask<LoopWindow>(child, "read");
}
