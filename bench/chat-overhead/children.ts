/**
 * The benchmark's child processes (the app, the fake provider) and what the orchestrator asks
 * of them over IPC: their CPU time, a profile of a window, and the app's bench-only chores.
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface Child {
  child: ChildProcess;
  url: string;
}

export function startChild(file: URL, env: Record<string, string> = {}): Promise<Child> {
  const child = fork(fileURLToPath(file), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (message) => resolve({ child, url: (message as { ready: string }).ready }));
    child.once("exit", (code) => reject(new Error(`${file.pathname} exited with ${code}`)));
  });
}

/** Sends `request` and resolves with the first answer that has `key`. */
export function ask<T>(child: ChildProcess, request: string, key: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (typeof message !== "object" || message === null || !(key in message)) return;
      child.off("message", onMessage);
      resolve((message as Record<string, T>)[key] as T);
    };
    child.on("message", onMessage);
    child.send(request);
  });
}

/** The child's user+system CPU time so far, in ms. */
export async function cpuMs(child: ChildProcess): Promise<number> {
  const cpu = await ask<NodeJS.CpuUsage>(child, "cpu", "cpu");
  return (cpu.user + cpu.system) / 1000;
}

/** With BENCH_PROFILE set, profiles the children while `work` runs, writing <dir>/<name>-<role>.cpuprofile. */
export async function profiled<T>(children: Record<string, Child>, name: string, work: () => Promise<T>): Promise<T> {
  if (!process.env.BENCH_PROFILE) return work();
  const entries = Object.entries(children);
  await Promise.all(entries.map(([, { child }]) => ask(child, "profile-start", "profiling")));
  try {
    return await work();
  } finally {
    const files = await Promise.all(
      entries.map(([role, { child }]) => ask<string>(child, `profile-stop ${name}-${role}`, "profiled")),
    );
    console.log(`${"".padEnd(25)} profiles: ${files.join(", ")}`);
  }
}
