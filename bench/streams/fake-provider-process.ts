/**
 * Starts bench/streams/fake-provider.ts as a child process (its work is not the app's) and
 * resolves with its base URL. `timing` overrides its environment: BENCH_FIRST_BYTE_MS,
 * BENCH_CHUNKS, BENCH_CHUNK_MS (zeros make an instant provider).
 */
import { spawn, type ChildProcess } from "node:child_process";

export interface FakeProviderProcess {
  url: string;
  child: ChildProcess;
  stop(): void;
}

export function startFakeProvider(timing: Record<string, string>): Promise<FakeProviderProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/streams/fake-provider.ts"], {
    cwd: new URL("../..", import.meta.url),
    env: { ...process.env, ...timing },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (message: { ready?: string }) => {
      if (message.ready) resolve({ url: message.ready, child, stop: () => child.disconnect() });
    });
    child.once("exit", (code) => reject(new Error(`fake provider exited (${code})`)));
  });
}
