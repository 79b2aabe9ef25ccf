import { defineConfig } from "vite";
import { precompress } from "./web-build/precompress.ts";

/**
 * widget.js (issue 25): the embeddable chat, built as its own entry after the app (which empties
 * dist/web first), one classic script at a fixed name so host pages can link it for good.
 * Nothing of the signed-in app is imported; its gzipped size is held to 30 kB by bench/widget.
 */
export default defineConfig({
  build: {
    outDir: "dist/web",
    emptyOutDir: false,
    copyPublicDir: false,
    lib: {
      entry: "web/features/publishing/widget/widget-entry.ts",
      formats: ["iife"],
      name: "AgentDeskWidget",
      fileName: () => "widget.js",
    },
  },
  plugins: [precompress()],
});
