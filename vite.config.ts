import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { buildProgress } from "./web-build/build-progress.ts";
import { precompress } from "./web-build/precompress.ts";
import { signedInChunkGroups } from "./web-build/signed-in-chunks.ts";

/**
 * The voice-activity detector loads its model, audio worklet and onnxruntime's WebAssembly at
 * run time by URL. We serve them from our own origin under /vad/ (CSP and no CDN), in dev
 * from node_modules and in the build as fixed-name files (the client names them; see
 * web/features/voice/turn-listeners.ts, VAD_ASSET_PATH).
 */
function voiceActivityAssets(): Plugin {
  const require = createRequire(import.meta.url);
  const vadDist = dirname(require.resolve("@ricky0123/vad-web"));
  const ortDist = dirname(require.resolve("onnxruntime-web/ort-wasm-simd-threaded.wasm"));
  const files: Record<string, string> = {
    "vad.worklet.bundle.min.js": join(vadDist, "vad.worklet.bundle.min.js"),
    "silero_vad_v5.onnx": join(vadDist, "silero_vad_v5.onnx"),
    "ort-wasm-simd-threaded.wasm": join(ortDist, "ort-wasm-simd-threaded.wasm"),
    "ort-wasm-simd-threaded.mjs": join(ortDist, "ort-wasm-simd-threaded.mjs"),
  };
  const contentType = (name: string) =>
    name.endsWith(".wasm")
      ? "application/wasm"
      : name.endsWith(".onnx")
        ? "application/octet-stream"
        : "text/javascript";
  return {
    name: "voice-activity-assets",
    configureServer(server) {
      server.middlewares.use("/vad", (req, res, next) => {
        const name = (req.url ?? "").split("?")[0].replace(/^\//, "");
        const file = files[name];
        if (!file) return next();
        res.setHeader("Content-Type", contentType(name));
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [name, file] of Object.entries(files)) {
        this.emitFile({ type: "asset", fileName: `vad/${name}`, source: readFileSync(file) });
      }
    },
  };
}

export default defineConfig({
  root: "web",
  plugins: [buildProgress(), react(), tailwindcss(), voiceActivityAssets(), precompress()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    // Read by `npm run bench:web` to follow each page's chunks.
    manifest: true,
    rolldownOptions: {
      // No `treeshake.manualPureFunctions: ["z"]` (to drop unused zod schemas): it matches every
      // function named `z`, and the minified voice detector has one whose call matters, so the
      // detector went deaf. The pages' bytes were no larger without it (decision 56).
      output: {
        codeSplitting: {
          // Everything the entry imports statically is loaded on every first visit anyway: into
          // the entry's file, not the six small shared chunks automatic splitting makes of it
          // (fewer requests; one brotli stream is about 4 kB smaller). Pages stay their own chunks.
          // First, so the later groups never pull an entry module out of it. Then the signed-in
          // side's small shared modules as three files instead of a dozen (decision 64).
          groups: [{ name: "first-load", tags: ["$initial"], priority: 10 }, ...signedInChunkGroups()],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": "http://localhost:5000",
      "/ws-admin": { target: "ws://localhost:5000", ws: true },
    },
  },
});
