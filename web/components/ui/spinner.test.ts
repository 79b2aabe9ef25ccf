import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { LOADING_MARKUP } from "../../../server/http/signed-in-document";
import { FullPageSpinner } from "./spinner";

it("the page a signed-in visitor is sent shows the spinner the app renders first, as the app renders it", () => {
  expect(LOADING_MARKUP).toBe(renderToStaticMarkup(createElement(FullPageSpinner)));
});
