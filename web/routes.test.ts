import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { NOT_FOUND_PAGE, PAGE_MODULES, SIGNED_IN_PAGES, SIGNED_OUT_PAGES } from "../contracts/pages";
import { notFoundPage, signedInRoutes, signedOutRoutes } from "./routes";

it("the router serves the page table of contracts/pages.ts, path for path and module for module", () => {
  const modules = (table: typeof SIGNED_IN_PAGES) =>
    table.map(({ path, page }) => ({ path, module: PAGE_MODULES[page] }));
  expect(signedInRoutes.map(({ path, module }) => ({ path, module }))).toEqual(modules(SIGNED_IN_PAGES));
  expect(signedOutRoutes.map(({ path, module }) => ({ path, module }))).toEqual(modules(SIGNED_OUT_PAGES));
  expect(notFoundPage.module).toBe(PAGE_MODULES[NOT_FOUND_PAGE]);
});

it("every page of the table names a page file that exists", () => {
  for (const module of Object.values(PAGE_MODULES)) expect(existsSync(join("web", module)), module).toBe(true);
});

it("two paths that show the same page share one chunk loader", () => {
  const chats = signedInRoutes.filter(({ module }) => module === PAGE_MODULES.chat);
  expect(chats.length).toBe(2);
  expect(chats[0].load).toBe(chats[1].load);
});
