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
 *
 * Rolldown asks every group's `name` function about every module, and the answers depend on walks
 * up the import graph. Everything learnt on the way (each module's source parsed once, each walk,
 * each classification) is kept for the chunking pass in a `ModuleGraph` (issue 20: uncached, one
 * build made 12.4 M graph lookups and scanned 146 GB of source text for 7–18 minutes).
 */
import { basename } from "node:path";
import type { Rolldown } from "vite";
import { SIGNED_OUT_PAGE_MODULES } from "../contracts/pages.ts";

type Context = Rolldown.ChunkingContext;

/** The signed-out screens of the page table (contracts/pages.ts). */
const SIGNED_OUT_MODULE_FILES = SIGNED_OUT_PAGE_MODULES.map((module) => `/web/${module}`);
const isSignedOutPage = (id: string) => SIGNED_OUT_MODULE_FILES.some((file) => id.replaceAll("\\", "/").endsWith(file));
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
 * For a package index: file basename → the names under which the index re-exports that file
 * (`export { default as Users } from './icons/users.mjs'`, or `import { useMutation } from
 * "./useMutation.js"` and a later `export { …, useMutation, … }`). Through such an index every
 * module that imports the package would look like an importer of everything in it.
 */
function reExportsByFile(indexCode: string): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  // Renamed on the way out: `export { local as Exported }`; one scan of the index for all names.
  const aliases = new Map<string, string[]>();
  for (const [, local, exported] of indexCode.matchAll(/(?<![\w$])([\w$]+)\s+as\s+([\w$]+)/g)) {
    aliases.set(local, [...(aliases.get(local) ?? []), exported]);
  }
  for (const [, keyword, list, from] of indexCode.matchAll(
    /(export|import)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
  )) {
    const local = list.split(",").map(
      (part) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? "",
    );
    const names = byFile.get(basename(from)) ?? [];
    names.push(...local);
    if (keyword === "import") for (const name of local) names.push(...(aliases.get(name) ?? []));
    byFile.set(basename(from), names);
  }
  return byFile;
}

/** The names a module imports by name (`import { a, b as c } from …` gives a and b). */
function namedImports(code: string): Set<string> {
  const names = new Set<string>();
  for (const [, list] of code.matchAll(/import\s*\{([^}]*)\}\s*from/g)) {
    for (const part of list.split(",")) names.add(part.trim().split(/\s+as\s+/)[0]);
  }
  return names;
}

/** What one chunking pass has learnt about the module graph. */
class ModuleGraph {
  private readonly reExports = new Map<string, Map<string, string[]>>();
  private readonly imports = new Map<string, Set<string>>();
  private readonly ancestorsOf = new Map<string, string[]>();
  private readonly entryReaches = new Map<string, boolean>();
  private readonly byGraph = new Map<string, GroupName | null>();

  constructor(private readonly ctx: Context) {}

  info(id: string) {
    return this.ctx.getModuleInfo(id);
  }

  private reExportedNames(index: string, moduleId: string): string[] | undefined {
    let byFile = this.reExports.get(index);
    if (!byFile) {
      byFile = reExportsByFile(this.info(index)?.code ?? "");
      this.reExports.set(index, byFile);
    }
    const names = byFile.get(basename(moduleId));
    return names && names.length > 0 ? names : undefined;
  }

  private importsAnyOf(id: string, names: string[]): boolean {
    let imported = this.imports.get(id);
    if (!imported) {
      imported = namedImports(this.info(id)?.code ?? "");
      this.imports.set(id, imported);
    }
    return names.some((name) => imported.has(name));
  }

  /**
   * `id` and every module from which it is reached through static (and, if asked, dynamic) imports.
   * Past a package index that re-exports it, only the modules importing it by name count.
   */
  ancestors(id: string, withDynamic: boolean): string[] {
    const cacheKey = `${withDynamic ? "d" : "s"}|${id}`;
    const cached = this.ancestorsOf.get(cacheKey);
    if (cached) return cached;
    const found = new Set<string>([id]);
    // An index is passed once per set of names it re-exports; any other module once.
    const visited = new Set<string>([id]);
    const queue: { id: string; viaIndexAs?: string[] }[] = [{ id }];
    while (queue.length > 0) {
      const { id: current, viaIndexAs } = queue.pop() as { id: string; viaIndexAs?: string[] };
      const info = this.info(current);
      if (!info) continue;
      for (const importer of withDynamic ? [...info.importers, ...info.dynamicImporters] : info.importers) {
        const names = importer.includes("node_modules") ? this.reExportedNames(importer, current) : undefined;
        if (names === undefined && viaIndexAs && !this.importsAnyOf(importer, viaIndexAs)) continue;
        const key = names ? `${importer}|${names.join()}` : importer;
        if (visited.has(key)) continue;
        visited.add(key);
        found.add(importer);
        queue.push({ id: importer, viaIndexAs: names });
      }
    }
    const result = [...found];
    this.ancestorsOf.set(cacheKey, result);
    return result;
  }

  inEntry(id: string): boolean {
    let reached = this.entryReaches.get(id);
    if (reached === undefined) {
      reached = this.ancestors(id, false).some((ancestor) => this.info(ancestor)?.isEntry);
      this.entryReaches.set(id, reached);
    }
    return reached;
  }

  /** Which group a module belongs to by its importers alone, or null for automatic splitting. */
  groupByGraph(id: string): GroupName | null {
    const known = this.byGraph.get(id);
    if (known !== undefined) return known;
    const group = this.classify(id);
    this.byGraph.set(id, group);
    return group;
  }

  private classify(id: string): GroupName | null {
    const info = this.info(id);
    // The frame and the pages stay chunks of their own: the build manifest names them (the server's
    // modulepreloads, bench:web).
    if (!info || ZOD.test(id) || PAGE.test(id) || SIGNED_IN_FRAME.test(id)) return null;
    if (this.inEntry(id)) return null;
    const staticAncestors = this.ancestors(id, false);
    const fromFrame = staticAncestors.some((ancestor) => SIGNED_IN_FRAME.test(ancestor));
    const fromSignedInPage = staticAncestors.some((ancestor) => PAGE.test(ancestor) && !isSignedOutPage(ancestor));
    if (staticAncestors.some((ancestor) => isSignedOutPage(ancestor))) {
      return fromFrame || fromSignedInPage ? SHARED_WITH_SIGNED_OUT : null;
    }
    if (this.ancestors(id, true).some((ancestor) => isSignedOutPage(ancestor))) {
      return fromFrame ? SIGNED_IN_DIALOG : null;
    }
    if (fromFrame) return SIGNED_IN;
    // Chunks of their own: pages and what loads on demand (the voice dialog, Markdown).
    const chunkRoots = staticAncestors.filter((ancestor) => (this.info(ancestor)?.dynamicImporters.length ?? 0) > 0);
    const small = (info.code?.length ?? Number.POSITIVE_INFINITY) <= SHARED_MODULE_MAX_BYTES;
    return chunkRoots.length >= 2 && small ? SIGNED_IN : null;
  }
}

/** One name function per group, over one memoised classification (Rolldown asks per module id). */
export function signedInChunkGroups(): {
  debugName: string;
  name: (id: string, ctx: Context) => string | null;
  priority: number;
}[] {
  // One graph and one set of answers per chunking pass (a watch-mode rebuild gets a new context).
  let graph: ModuleGraph | undefined;
  let graphContext: Context | undefined;
  const groupOf = new Map<string, GroupName | null>();
  const graphFor = (ctx: Context) => {
    if (graphContext !== ctx || !graph) {
      graph = new ModuleGraph(ctx);
      graphContext = ctx;
      groupOf.clear();
    }
    return graph;
  };

  function groupFor(id: string, graph: ModuleGraph, visiting: Set<string>): GroupName | null {
    const known = groupOf.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return graph.groupByGraph(id);
    visiting.add(id);
    let group = graph.groupByGraph(id);
    for (const imported of group === null ? [] : (graph.info(id)?.importedIds ?? [])) {
      if (groupFor(imported, graph, visiting) === null && !graph.inEntry(imported)) {
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
    name: (id: string, ctx: Context) => (groupFor(id, graphFor(ctx), new Set()) === name ? name : null),
    priority: order.length - index,
  }));
}
