/**
 * The accessibility check every journey runs on each screen it shows (issue 10, "Finished to the
 * touch"): axe-core in the page as it is at that moment, failing on any serious or critical
 * violation with a list a person can act on (rule, what is wrong, which elements).
 *
 * WCAG 2.x A and AA rules and axe's best practices, plus one experimental rule the issue names:
 * `label-content-name-mismatch` (a link whose accessible name does not contain its visible text,
 * which speech-input users cannot say).
 */
import axe from "axe-core";
import { expect, test, type Frame, type Page } from "@playwright/test";
import { SCREEN_ENGINE } from "./journey-apps.js";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"];
const FAILING_IMPACTS = ["serious", "critical"];
/**
 * The rules of those tags whose verdict a colour scheme can change: the rest read the DOM and
 * the layout, which are the same in light and dark (the themes are CSS colour variables).
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

export interface AxeCheck {
  /**
   * Only the colour rules: for the same screen again in the other colour scheme, right after
   * the full check in the first (screenshotBothThemes).
   */
  coloursOnly?: boolean;
}

function describe(violations: axe.Result[]): string {
  return violations
    .map(({ id, impact, help, nodes }) => {
      const where = nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(" ")}: ${(node.failureSummary ?? "").replace(/\s+/g, " ").trim()}`)
        .join("\n");
      return `  ${id} (${impact}): ${help}, ${nodes.length} element(s)\n${where}`;
    })
    .join("\n");
}

/** Whether this journey's project runs on the engine that takes screenshots and audits them. */
export function auditsScreens(): boolean {
  return (test.info().project.use as { engine?: string }).engine === SCREEN_ENGINE;
}

/**
 * Runs axe on the page as it is now; `screen` names it in the failure. Call it once the
 * screen's content is on the page (after an assertion that waits for it), and again with a
 * dialog open: axe only sees what is rendered. A soft assertion: the journey goes on, so one
 * run lists every screen's violations, and still fails at the end. Never on a page whose clock
 * is paused (`page.clock.pauseAt`): axe schedules its work with timers, so it would wait forever.
 * Runs in the SCREEN_ENGINE's journeys only: the other engine renders the same page.
 */
export async function expectNoSeriousAxeViolations(page: Page, screen: string, check: AxeCheck = {}): Promise<void> {
  if (!auditsScreens()) return;
  await test.step(`axe: ${screen}`, async () => {
    await shortAnimationsFinished(page);
    const failing = await seriousAxeViolations(page, check);
    // Failing by default; AXE_STRICT=0 only records them (as test annotations in the report),
    // for a run that is after something else while a screen's fix is on its way.
    if (process.env.AXE_STRICT !== "0") {
      expect.soft(failing, `serious or critical axe-core violations on ${screen}:\n${describe(failing)}`).toEqual([]);
    } else if (failing.length > 0) {
      test.info().annotations.push({ type: "axe", description: `${screen}:\n${describe(failing)}` });
    }
  });
}

/** The serious and critical violations axe finds on the page as it is now. */
export async function seriousAxeViolations(page: Page, check: AxeCheck = {}): Promise<axe.Result[]> {
  await injectAxe(page);
  // axe.run in the page itself (decision 162): combining the frames' results in a blank page, as
  // @axe-core/playwright does by default, doubled each check's time for frames this app does not
  // have. Not `resultTypes: ["violations"]`: it is faster again but loses violations
  // (target-size's 31 on os.path's manual page). The verdict is taken in the page and only the
  // failing violations come back: the whole result (every passing node, with its HTML) is
  // 150-240 kB a screen, and carrying it out of the page took twice as long as axe's own run.
  const runOnly = check.coloursOnly ? { type: "rule", values: COLOUR_RULES } : { type: "tag", values: TAGS };
  return page.evaluate(
    async ({ options, failingImpacts }) => {
      const results = await (window as unknown as { axe: typeof axe }).axe.run(document, options as axe.RunOptions);
      return results.violations.filter((violation) => failingImpacts.includes(violation.impact ?? ""));
    },
    { options: { runOnly }, failingImpacts: FAILING_IMPACTS },
  );
}

/**
 * axe-core into every frame of the page that does not hold it yet. A journey's screens are one
 * document (the app routes in the page), so this evaluates axe's 0.5 MB source once per page
 * load rather than twice per check as @axe-core/playwright did (its main frame, then every frame):
 * on six journey files their 57 checks took 48.6 s against 61.8 s (decision 166). axe.run clears
 * its caches after each run, so a check never sees the previous screen's tree (axe-check.spec.ts;
 * cypress-axe injects once the same way).
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    // A frame that went away since it was listed has nothing to check.
    await injectInto(frame).catch((error: unknown) => {
      if (!frame.isDetached()) throw error;
    });
  }
}

async function injectInto(frame: Frame): Promise<void> {
  const present = await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function");
  if (present) return;
  await frame.evaluate(`${axe.source}\n;axe.configure({ allowedOrigins: ["<same_origin>"] });`);
}

/**
 * Waits for the page's short animations and transitions (a toast leaving, colours moving to a
 * new scheme): axe measured a toast's contrast half-way through its fade once. Endless ones (a
 * spinner) and long ones (an undo notice's countdown, which would end with the notice gone) are
 * left running. Two frames first, so that what a resize or a new colour scheme starts has started.
 */
export async function shortAnimationsFinished(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const short = document.getAnimations().filter((animation) => {
      // A paused one (the undo notice's countdown, held while focused) would never finish.
      if (animation.playState !== "running") return false;
      const timing = animation.effect?.getComputedTiming();
      const elapsed = Number(animation.currentTime ?? 0);
      return timing !== undefined && Number(timing.endTime) - elapsed <= 1_000;
    });
    await Promise.all(short.map((animation) => animation.finished.catch(() => undefined)));
  });
}
