import type { Page } from "@playwright/test";
import { screenshotBothWidths } from "./support/journeys";
import {
  expect,
  installVoiceProbe,
  openVoiceDialog,
  pausePageClock,
  readVoiceProbe,
  secondsLeft,
  test,
} from "./support/voice-fake-mic";

// A silent microphone: nobody speaks, so only the clocks move the call along.
test.use({ app: "voice", fakeMic: "silence" });

/**
 * Starts a call and waits for the greeting to finish, then stops the page's clock so the test
 * moves it. Returns how much page time had already passed since listening began: on a loaded
 * machine that can be seconds, which the inactivity journey must subtract.
 */
async function startCallWithPausedClock(page: Page, agentName: string): Promise<number> {
  await page.clock.install();
  await installVoiceProbe(page);
  await openVoiceDialog(page, agentName);
  await page.getByRole("button", { name: "Start voice conversation" }).click();
  await expect.poll(async () => (await readVoiceProbe(page)).statuses.at(-1), { timeout: 30_000 }).toBe("listening");
  await pausePageClock(page);
  const { statuses, statusTimes } = await readVoiceProbe(page);
  const listeningAt = statusTimes[statuses.lastIndexOf("listening")];
  return (await page.evaluate(() => Date.now())) - listeningAt;
}

test("a minute without activity pauses the conversation until the microphone is clicked", async ({ page }) => {
  const sinceListening = await startCallWithPausedClock(page, `Paula ${Date.now().toString(36)}`);
  await page.clock.runFor(55_000 - sinceListening);
  await expect(page.getByText("Conversation Paused", { exact: true })).toBeHidden();

  await page.clock.runFor(5_000);
  await expect(page.getByText("Conversation Paused", { exact: true })).toBeVisible();
  await expect(
    page.getByText("No activity detected. Click the microphone to continue.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue voice conversation" })).toBeVisible();
  await expect.poll(async () => (await readVoiceProbe(page)).liveTracks, { message: "microphone released" }).toBe(0);
  // The clock runs again from here: axe-core (in the screenshot step) schedules its work with
  // timers, which a paused page clock never fires.
  await page.clock.resume();
  await screenshotBothWidths(page, "voice-dialog-paused");

  await page.getByRole("button", { name: "Continue voice conversation" }).click();
  await expect.poll(async () => (await readVoiceProbe(page)).statuses.at(-1)).toBe("listening");
});

test("the countdown reaching zero ends the conversation and closes the dialog", async ({ page }) => {
  const agentName = `Tim ${Date.now().toString(36)}`;
  await startCallWithPausedClock(page, agentName);
  const start = await secondsLeft(page);
  expect(start).toBeGreaterThan(570);
  await page.clock.runFor(30_000);
  await expect.poll(() => secondsLeft(page)).toBe(start - 30);

  await page.clock.runFor((start - 30) * 1000);
  await expect(page.getByText("Conversation Ended", { exact: true })).toBeVisible();
  await expect(page.getByText(`Time's up! Thank you for speaking with ${agentName}`, { exact: true })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText("0:00");
  await page.clock.runFor(1_000);
  await expect(page.getByRole("dialog", { name: `Speak to ${agentName}` })).toBeHidden();
});
