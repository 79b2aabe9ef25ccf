/**
 * The accessibility check itself (support/axe.ts): every journey's screens pass through it, so
 * a check that quietly ran no rule would pass them all. Here it meets a page with known faults.
 */
import { expect, test } from "@playwright/test";
import { seriousAxeViolations } from "./support/axe";

const FAULTY_PAGE = `<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
  <h1>Faults</h1>
  <p id="faint" style="color:#bbb;background:#fff">Grey text on white, too faint to read</p>
  <button id="nameless"></button>
</main></body></html>`;

test("the axe check finds a page's faults, only the colour ones when asked, and none once they are fixed", async ({
  page,
}) => {
  await page.setContent(FAULTY_PAGE);
  expect((await seriousAxeViolations(page)).map((violation) => violation.id).sort()).toEqual([
    "button-name",
    "color-contrast",
  ]);
  expect((await seriousAxeViolations(page, { coloursOnly: true })).map((violation) => violation.id)).toEqual([
    "color-contrast",
  ]);

  // The same document, checked again after a change: axe is already in the page, and what it
  // saw the first time must not stand in for what is there now.
  await page.evaluate(() => {
    document.getElementById("faint")!.style.color = "#222";
    document.getElementById("nameless")!.textContent = "Save";
  });
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A new document needs axe again (the page's scripts are gone after a load).
  await page.setContent(FAULTY_PAGE);
  expect((await seriousAxeViolations(page)).length).toBe(2);
});
