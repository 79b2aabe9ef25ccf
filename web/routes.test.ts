import { expect, it } from "vitest";
import { NOT_FOUND_PAGE_MODULE, SIGNED_IN_PAGE_MODULES, SIGNED_OUT_PATHS } from "../server/http/signed-in-page-modules";
import { notFoundPage, signedInRoutes, signedOutRoutes } from "./routes";

it("the server's table of signed-in pages is the route table, path for path and module for module", () => {
  expect(SIGNED_IN_PAGE_MODULES).toEqual(signedInRoutes.map(({ path, module }) => ({ path, module })));
  expect(NOT_FOUND_PAGE_MODULE).toBe(notFoundPage.module);
});

it("the server sends the plain page on exactly the signed-out paths a signed-in visitor still sees", () => {
  // "/" is the landing page signed out and the dashboard signed in, so it is not among them.
  expect(SIGNED_OUT_PATHS).toEqual(signedOutRoutes.map(({ path }) => path).filter((path) => path !== "/"));
});
