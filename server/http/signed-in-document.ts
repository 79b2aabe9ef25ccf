/**
 * The page document for a request that carries a session cookie: the build's index.html with
 * the signed-in frame's chunks (web/signed-in-app.tsx and what it imports) and the requested
 * page's chunks named as `<link rel="modulepreload">`, so the browser fetches them beside the
 * entry instead of after the session check, and a `<meta name="session-cookie">` that tells the
 * app to start the page's data requests before the check answers too (web/app.tsx). The cookie
 * is not checked here: a stale one costs the visitor a download, and the session check still
 * decides what is shown.
 *
 * Built from the build (index.html and Vite's manifest) once per page module, and compressed once,
 * brotli and gzip, like the build's own files (web-build/precompress.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** The signed-in frame's key in Vite's manifest (its source path relative to web/). */
export const SIGNED_IN_FRAME_MODULE = "signed-in-app.tsx";
/** Read by web/app.tsx. */
export const SESSION_COOKIE_META = '<meta name="session-cookie" content="sent" />';
/**
 * What the app shows first while the session check and the chunks load (web/components/ui/
 * spinner.tsx's FullPageSpinner, as React renders it; spinner.test.ts keeps them equal), in the
 * document itself: it shows once the CSS has loaded instead of after the entry has run, and
 * React replaces it on its first render.
 */
export const LOADING_MARKUP =
  '<div class="flex h-full min-h-screen items-center justify-center"><span role="status" class="inline-flex items-center"><svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-loader-circle lucide-loader-2 animate-spin text-primary-ink size-8" aria-hidden="true"><path d="M21 12a9 9 0 1 1-6.219-8.56"></path></svg><span class="sr-only">Loading</span></span></div>';

const EMPTY_ROOT = '<div id="root"></div>';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface SignedInDocument {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface SignedInDocuments {
  /** The document for a page module (a manifest key); built on first use, then kept. */
  forPage(pageModule: string): SignedInDocument;
}

/** Output files of a chunk and of everything it imports statically: what loading it pulls in. */
function staticImportFiles(manifest: Manifest, key: string, files = new Set<string>(), seen = new Set<string>()) {
  if (seen.has(key) || !manifest[key]) return files;
  seen.add(key);
  files.add(manifest[key].file);
  for (const imported of manifest[key].imports ?? []) staticImportFiles(manifest, imported, files, seen);
  return files;
}

function compressed(html: Buffer): SignedInDocument {
  return {
    html,
    br: brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
    }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/** Undefined when the build has no manifest or no signed-in frame: every page then gets index.html. */
export function createSignedInDocuments(webRoot: string): SignedInDocuments | undefined {
  const manifestPath = join(webRoot, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const page = readFileSync(join(webRoot, "index.html"), "utf8");
  if (!entryKey || !manifest[SIGNED_IN_FRAME_MODULE] || !page.includes("</head>")) return undefined;
  // What index.html loads already (the entry and its imports) is not named twice.
  const loadedByEntry = staticImportFiles(manifest, entryKey);

  const build = (pageModule: string): SignedInDocument => {
    const files = staticImportFiles(manifest, SIGNED_IN_FRAME_MODULE);
    staticImportFiles(manifest, pageModule, files);
    // Scripts only: the build's CSS is one file, which index.html loads.
    const links = [...files]
      .filter((file) => !loadedByEntry.has(file) && file.endsWith(".js"))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    const head = [SESSION_COOKIE_META, ...links].join("\n    ");
    const html = page
      .replace("</head>", `  ${head}\n  </head>`)
      .replace(EMPTY_ROOT, `<div id="root">${LOADING_MARKUP}</div>`);
    return compressed(Buffer.from(html));
  };
  const documents = new Map<string, SignedInDocument>();
  return {
    forPage(pageModule) {
      let document = documents.get(pageModule);
      if (!document) documents.set(pageModule, (document = build(pageModule)));
      return document;
    },
  };
}
