/**
 * Code-splitting groups for the signed-in pages (issue 10, "First page"; decision 64). Automatic
 * splitting makes a chunk for every different set of pages that shares a module, so a first visit
 * to the dashboard fetched a dozen icon and UI chunks of under 1 kB each; over HTTP/1.1 on a slow
 * link each costs a round trip. These groups gather them:
 *
 * - **shared-with-signed-out**: what a signed-out page (landing, login, signup, not found) and the
 *   signed-in side both import statically: the logo, some icons, the card. One file for both.
 * - **signed-in-dialog**: what a signed-out page loads only on demand (the landing's demo dialog)
 *   but the signed-in frame imports statically: Radix Dialog, for the mobile menu's sheet.
 * - **signed-in**: the signed-in frame (`signed-in-app.tsx` and what it imports) and the small
 *   modules two or more signed-in chunks share (icons, badges, the page header).
 *
 * No signed-out page loads the signed-in groups, on its first visit or later; zod and whatever
 * imports it stay out of every group, so only the pages that validate input download it. A module
 * joins a group only together with everything it imports (or the entry holds that): otherwise
 * Rolldown would pull the import into the group after it.
 */
import { basename } from "node:path";
import type { Rolldown } from "vite";

type Context = Rolldown.ChunkingContext;

/** The signed-out screens: web/routes.ts `signedOutPages` and `notFoundPage`. */
const SIGNED_OUT_PAGE = /[\\/]web[\\/]pages[\\/](?:landing|login|signup|not-found)\.tsx$/;
const SIGNED_IN_FRAME = /[\\/]web[\\/]signed-in-app\.tsx$/;
const PAGE = /[\\/]web[\\/]pages[\\/][^\\/]+\.tsx$/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/** A module two signed-in chunks share joins every signed-in visit only this small (source bytes). */
const SHARED_MODULE_MAX_BYTES = 4000;

export const SHARED_WITH_SIGNED_OUT = "shared-with-signed-out";
export const SIGNED_IN_DIALOG = "signed-in-dialog";
export const SIGNED_IN = "signed-in";
type GroupName = typeof SHARED_WITH_SIGNED_OUT | typeof SIGNED_IN_DIALOG | typeof SIGNED_IN;

/**
 * The names under which a package's index re-exports `moduleId` (`export { default as Users } from
 * './icons/users.mjs'`, or `import { useMutation } from "./useMutation.js"` and a later
 * `export { …, useMutation, … }`), or undefined when it does not name it. Through such an index
 * every module that imports the package would look like an importer of everything in it.
 */
function reExportedNames(indexCode: string, moduleId: string): string[] | undefined {
  const file = basename(moduleId);
  const names: string[] = [];
  for (const [, keyword, list, from] of indexCode.matchAll(
    /(export|import)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
  )) {
    if (basename(from) !== file) continue;
    const local = list.split(",").map(
      (part) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? "",
    );
    names.push(...local);
    if (keyword === "import") {
      // Renamed on the way out: `export { local as Exported }`.
      for (const name of local) {
        for (const [, alias] of indexCode.matchAll(
          new RegExp(`\\b${name.replaceAll("$", "\\$")}\\s+as\\s+([\\w$]+)`, "g"),
        ))
          names.push(alias);
      }
    }
  }
  return names.length > 0 ? names : undefined;
}

function importsAnyOf(code: string, names: string[]): boolean {
  for (const [, list] of code.matchAll(/import\s*\{([^}]*)\}\s*from/g)) {
    if (list.split(",").some((part) => names.includes(part.trim().split(/\s+as\s+/)[0]))) return true;
  }
  return false;
}

/**
 * `id` and every module from which it is reached through static (and, if asked, dynamic) imports.
 * Past a package index that re-exports it, only the modules importing it by name count.
 */
function ancestors(ctx: Context, id: string, withDynamic: boolean): string[] {
  const found = new Set<string>([id]);
  // An index is passed once per set of names it re-exports; any other module once.
  const visited = new Set<string>([id]);
  const queue: { id: string; viaIndexAs?: string[] }[] = [{ id }];
  while (queue.length > 0) {
    const { id: current, viaIndexAs } = queue.pop() as { id: string; viaIndexAs?: string[] };
    const info = ctx.getModuleInfo(current);
    if (!info) continue;
    for (const importer of withDynamic ? [...info.importers, ...info.dynamicImporters] : info.importers) {
      const code = ctx.getModuleInfo(importer)?.code ?? "";
      const names = importer.includes("node_modules") ? reExportedNames(code, current) : undefined;
      if (names === undefined && viaIndexAs && !importsAnyOf(code, viaIndexAs)) continue;
      const key = names ? `${importer}|${names.join()}` : importer;
      if (visited.has(key)) continue;
      visited.add(key);
      found.add(importer);
      queue.push({ id: importer, viaIndexAs: names });
    }
  }
  return [...found];
}

/** Which group a module belongs to, or null for automatic splitting (or the entry, or its page). */
function groupByGraph(id: string, ctx: Context): GroupName | null {
  const info = ctx.getModuleInfo(id);
  // The frame and the pages stay chunks of their own: the build manifest names them (the server's
  // modulepreloads, bench:web).
  if (!info || ZOD.test(id) || PAGE.test(id) || SIGNED_IN_FRAME.test(id)) return null;
  const staticAncestors = ancestors(ctx, id, false);
  if (staticAncestors.some((ancestor) => ctx.getModuleInfo(ancestor)?.isEntry)) return null;
  const fromFrame = staticAncestors.some((ancestor) => SIGNED_IN_FRAME.test(ancestor));
  const fromSignedInPage = staticAncestors.some((ancestor) => PAGE.test(ancestor) && !SIGNED_OUT_PAGE.test(ancestor));
  if (staticAncestors.some((ancestor) => SIGNED_OUT_PAGE.test(ancestor))) {
    return fromFrame || fromSignedInPage ? SHARED_WITH_SIGNED_OUT : null;
  }
  if (ancestors(ctx, id, true).some((ancestor) => SIGNED_OUT_PAGE.test(ancestor))) {
    return fromFrame ? SIGNED_IN_DIALOG : null;
  }
  if (fromFrame) return SIGNED_IN;
  // Chunks of their own: pages and what loads on demand (the voice dialog, Markdown).
  const chunkRoots = staticAncestors.filter(
    (ancestor) => (ctx.getModuleInfo(ancestor)?.dynamicImporters.length ?? 0) > 0,
  );
  const small = (info.code?.length ?? Number.POSITIVE_INFINITY) <= SHARED_MODULE_MAX_BYTES;
  return chunkRoots.length >= 2 && small ? SIGNED_IN : null;
}

/** One name function per group, over one memoised classification (Rolldown asks per module id). */
export function signedInChunkGroups(): {
  debugName: string;
  name: (id: string, ctx: Context) => string | null;
  priority: number;
}[] {
  const groupOf = new Map<string, GroupName | null>();
  const inEntry = (id: string, ctx: Context) =>
    ancestors(ctx, id, false).some((ancestor) => ctx.getModuleInfo(ancestor)?.isEntry);

  function groupFor(id: string, ctx: Context, visiting: Set<string>): GroupName | null {
    const known = groupOf.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return groupByGraph(id, ctx);
    visiting.add(id);
    let group = groupByGraph(id, ctx);
    for (const imported of group === null ? [] : (ctx.getModuleInfo(id)?.importedIds ?? [])) {
      if (groupFor(imported, ctx, visiting) === null && !inEntry(imported, ctx)) {
        group = null;
        break;
      }
    }
    visiting.delete(id);
    groupOf.set(id, group);
    return group;
  }

  // Higher priority first: a module an earlier group took is not pulled into a later one.
  const order: GroupName[] = [SHARED_WITH_SIGNED_OUT, SIGNED_IN_DIALOG, SIGNED_IN];
  return order.map((name, index) => ({
    debugName: name,
    name: (id: string, ctx: Context) => (groupFor(id, ctx, new Set()) === name ? name : null),
    priority: order.length - index,
  }));
}
