// Loaded into the server under test with `node --import ./bench/streams/loop-probe.mjs`:
// measures the server's own event-loop delay (perf_hooks.monitorEventLoopDelay, sampled every
// millisecond, so each figure includes that 1 ms) and its heap, and answers the benchmark over
// the IPC channel: "reset" starts a new window, "read" reports the window so far. Without an
// IPC channel it does nothing, so it can never change how a server behaves in production.
import { monitorEventLoopDelay } from "node:perf_hooks";

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const ms = (ns) => ns / 1e6;
  process.on("message", (message) => {
    if (message?.probe === "reset") {
      histogram.reset();
      process.send({ probe: "reset" });
    } else if (message?.probe === "read") {
      const memory = process.memoryUsage();
      process.send({
        probe: "read",
        p50Ms: ms(histogram.percentile(50)),
        p99Ms: ms(histogram.percentile(99)),
        maxMs: ms(histogram.max),
        samples: histogram.count,
        heapUsedMb: memory.heapUsed / 1048576,
        rssMb: memory.rss / 1048576,
      });
    }
  });
  // The channel must not keep a server alive that was asked to stop.
  process.channel?.unref();
}
