/**
 * A reply cut by the call's time limit is recorded as it was heard (issue 27, "records that read
 * true"): the caller asks (barge-in off, so the microphone's looped question does not cut the
 * reply itself), the agent's long reply starts to play, and the countdown runs out (the page's
 * clock moved on) while it plays. The dialog ends the call, and the stored reply is marked cut
 * and holds only the words that were played, not the whole reply the model wrote.
 */
import { FAKE_STREAMED_REPLY } from "./support/fake-provider-reply";
import {
  adminVoiceRecords,
  expect,
  installVoiceProbe,
  openVoiceDialog,
  pausePageClock,
  readVoiceProbe,
  secondsLeft,
  test,
} from "./support/voice-fake-mic";

test.use({ app: "voice" });
// As voice.spec.ts: the question every ~7 s, so a detector that loads late still hears one.
test.use({ fakeMic: { say: "Hello, where is my order please?", silenceBeforeSeconds: 2.5, silenceAfterSeconds: 3 } });

test("a reply cut by the time limit is stored marked cut, with the words that were played", async ({ page }) => {
  const agentName = `Tara ${Date.now().toString(36)}`;
  // Flowing as usual until the test stops it.
  await page.clock.install();
  await installVoiceProbe(page);
  await openVoiceDialog(page, agentName);
  const dialog = page.getByRole("dialog", { name: `Speak to ${agentName}` });
  await dialog.getByRole("switch", { name: "Interrupt by speaking" }).click();
  await expect(dialog.getByRole("switch", { name: "Interrupt by speaking" })).not.toBeChecked();
  await dialog.getByRole("button", { name: "Start voice conversation" }).click();

  const reply = dialog.locator('[data-role="agent"]', { hasText: "Here is a plan." }).first();
  await expect(reply).toBeVisible({ timeout: 180_000 });
  await expect
    .poll(async () => (await readVoiceProbe(page)).plays, { message: "the greeting and the reply played" })
    .toBeGreaterThan(1);
  await expect(dialog.locator("[data-voice-status]")).toHaveAttribute("data-voice-status", "speaking");

  // The countdown runs out while the reply is still being spoken (~10 s of it). The clock stops
  // first, then goes to a few seconds before the end and on a second at a time until the call
  // ends: the countdown shown can lag the page's own by seconds on a loaded machine, and with the
  // clock running the toast (5 s) could come and go unseen.
  await pausePageClock(page);
  await page.clock.runFor(Math.max(0, (await secondsLeft(page)) - 3) * 1000);
  const ended = page.getByText("Conversation Ended", { exact: true });
  for (let second = 0; second < 30 && !(await ended.isVisible()); second++) await page.clock.runFor(1000);
  await expect(ended).toBeVisible();

  const storedRecords = await adminVoiceRecords(page, agentName);
  await expect
    .poll(async () => {
      const { messages } = await storedRecords();
      const cut = messages.find((m) => m.role === "assistant" && m.interrupted);
      return {
        marked: cut?.interrupted ?? null,
        playedStart: cut ? cut.content.length > 0 && FAKE_STREAMED_REPLY.startsWith(cut.content) : false,
        shorterThanWritten: cut ? cut.content.length < FAKE_STREAMED_REPLY.length : false,
      };
    })
    .toEqual({ marked: true, playedStart: true, shorterThanWritten: true });
});
