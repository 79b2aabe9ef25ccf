/**
 * The accessibility check every journey runs on each screen it shows (issue 10, "Finished to the
 * touch"): axe-core in the page as it is at that moment, failing on any serious or critical
 * violation with a list a person can act on (rule, what is wrong, which elements).
 *
 * WCAG 2.x A and AA rules and axe's best practices, plus one experimental rule the issue names:
 * `label-content-name-mismatch` (a link whose accessible name does not contain its visible text,
 * which speech-input users cannot say).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { SCREEN_ENGINE } from "./journey-apps.js";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

function describe(violations: Violation[]): string {
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
export async function expectNoSeriousAxeViolations(page: Page, screen: string): Promise<void> {
  if (!auditsScreens()) return;
  await test.step(`axe: ${screen}`, async () => {
    await shortAnimationsFinished(page);
    // Legacy mode: axe.run in the page itself. The default opens a blank page (a new renderer
    // process) for every check to combine the frames' results, which doubled each check's time
    // (os.path's manual page: 7.0 s against 3.5 s, same violations) for frames this app does
    // not have: no screen holds a cross-origin iframe. Not `resultTypes: ["violations"]`: it is
    // faster again but loses violations (target-size's 31 on the same page).
    const results = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
    const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ""));
    // Failing by default; AXE_STRICT=0 only records them (as test annotations in the report),
    // for a run that is after something else while a screen's fix is on its way.
    if (process.env.AXE_STRICT !== "0") {
      expect.soft(failing, `serious or critical axe-core violations on ${screen}:\n${describe(failing)}`).toEqual([]);
    } else if (failing.length > 0) {
      test.info().annotations.push({ type: "axe", description: `${screen}:\n${describe(failing)}` });
    }
  });
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
