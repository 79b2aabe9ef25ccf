/**
 * What every benchmark child answers over IPC: its CPU time so far ("cpu"), and, when
 * BENCH_PROFILE names a directory, a V8 CPU profile of exactly the window between
 * "profile-start" and "profile-stop <name>" (written as <dir>/<name>.cpuprofile), so setup
 * work (sign-ups, password hashing, module loading) never pollutes the per-chat figures.
 */
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { join } from "node:path";

export function answerBenchRequests(): void {
  const profileDir = process.env.BENCH_PROFILE;
  let session: Session | null = null;
  process.on("message", (message) => {
    if (message === "cpu") return void process.send?.({ cpu: process.cpuUsage() });
    if (typeof message !== "string" || !profileDir) return;
    void (async () => {
      if (message === "profile-start") {
        session = new Session();
        session.connect();
        await session.post("Profiler.enable");
        // 200 µs: fine enough to see sub-millisecond costs per chat without swamping the process.
        await session.post("Profiler.setSamplingInterval", { interval: 200 });
        await session.post("Profiler.start");
        process.send?.({ profiling: true });
      } else if (message.startsWith("profile-stop ") && session) {
        const { profile } = await session.post("Profiler.stop");
        session.disconnect();
        session = null;
        const file = join(profileDir, `${message.slice("profile-stop ".length)}.cpuprofile`);
        await writeFile(file, JSON.stringify(profile));
        process.send?.({ profiled: file });
      }
    })();
  });
}
