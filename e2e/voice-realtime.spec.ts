/**
 * The realtime voice engine in Chromium (decision 141): a fake microphone speaks, the dialog
 * streams it as PCM16 over our server's socket to a fake Realtime model (the fake provider's
 * {base}/realtime), plays the reply's audio as it comes, and stops it at once when the caller
 * speaks over it; the stored records keep the interrupted reply as far as it was heard.
 */
import type { WebSocket as PlaywrightSocket } from "@playwright/test";
import { greetingFor } from "../web/features/voice/greetings";
import { FAKE_REALTIME } from "./support/fake-provider-reply";
import { screenshotBothWidths } from "./support/journeys";
import {
  adminVoiceRecords,
  expect,
  installVoiceProbe,
  openVoiceDialog,
  readVoiceProbe,
  test,
} from "./support/voice-fake-mic";

test.use({ app: "realtime" });
// 2.5 s of silence, the question, 3 s of silence, looped: the caller asks again while the
// 10-second reply plays, which is the barge-in.
test.use({ fakeMic: { say: "Where is my order please", silenceBeforeSeconds: 2.5, silenceAfterSeconds: 3 } });

interface ReplyAudioProbe {
  /** Reply audio pieces scheduled, pieces sounding now, and when the player last silenced one. */
  started: number;
  active: number;
  lastStopAt: number;
  bargeInAt: number;
}

/** Must run before the page loads: counts the Web Audio sources the reply plays through. */
async function installReplyAudioProbe(page: import("@playwright/test").Page): Promise<void> {
  await page.addInitScript(() => {
    const probe: ReplyAudioProbe = { started: 0, active: 0, lastStopAt: 0, bargeInAt: 0 };
    (window as unknown as { replyAudio: ReplyAudioProbe }).replyAudio = probe;
    const { start, stop } = AudioBufferSourceNode.prototype;
    AudioBufferSourceNode.prototype.start = function (...args: Parameters<typeof start>) {
      probe.started += 1;
      probe.active += 1;
      this.addEventListener("ended", () => (probe.active -= 1));
      return start.apply(this, args);
    };
    AudioBufferSourceNode.prototype.stop = function (...args: Parameters<typeof stop>) {
      probe.lastStopAt = performance.now();
      return stop.apply(this, args);
    };
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        // Added before the page's own handler runs, so this time is the message's arrival.
        this.addEventListener("message", (event: MessageEvent) => {
          if (typeof event.data === "string" && event.data.includes('"barge-in"')) probe.bargeInAt = performance.now();
        });
      }
    };
  });
}

const readReplyAudio = (page: import("@playwright/test").Page) =>
  page.evaluate(() => (window as unknown as { replyAudio: ReplyAudioProbe }).replyAudio);

/** What went over the call's socket, as Playwright saw it. */
function watchCallSocket(socket: PlaywrightSocket) {
  const seen = {
    microphoneFrames: 0,
    playedReports: [] as number[],
    reportedReplies: [] as number[],
    received: [] as string[],
  };
  socket.on("framesent", ({ payload }) => {
    if (typeof payload !== "string") seen.microphoneFrames += 1;
    else if (payload.includes('"played"')) {
      const report = JSON.parse(payload) as { ms: number; reply: number };
      seen.playedReports.push(report.ms);
      seen.reportedReplies.push(report.reply);
    }
  });
  socket.on("framereceived", ({ payload }) => {
    if (typeof payload === "string") seen.received.push((JSON.parse(payload) as { type: string }).type);
  });
  return seen;
}

test("a realtime call: the caller speaks, hears the reply as it streams, speaks over it, and the records keep what was heard", async ({
  page,
}) => {
  const agentName = `Rita ${Date.now().toString(36)}`;
  const greeting = greetingFor("en-US", { name: agentName, role: "Support Specialist" });
  await installVoiceProbe(page);
  await installReplyAudioProbe(page);
  const socketOpened = page.waitForEvent("websocket", (ws) => ws.url().includes("/realtime"));
  await openVoiceDialog(page, agentName);
  const dialog = page.getByRole("dialog", { name: `Speak to ${agentName}` });
  await expect(dialog.locator("[data-engine]")).toHaveAttribute("data-engine", "realtime");
  await expect(dialog.getByText("Realtime voice: the model hears you and answers as you talk")).toBeVisible();
  // The cascade's turn-taking settings do not apply: the model takes turns itself.
  await expect(dialog.getByText("Interrupt by speaking")).toBeHidden();
  await screenshotBothWidths(page, "voice-realtime-idle");

  const greetingSpoken = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/tts"));
  await dialog.getByRole("button", { name: "Start voice conversation" }).click();
  const seen = watchCallSocket(await socketOpened);
  await expect(dialog.getByText(greeting)).toBeVisible();
  // The greeting is spoken, not only shown (decision 150): its words through /api/tts, played.
  expect(((await greetingSpoken).postDataJSON() as { text: string }).text).toBe(greeting);
  await expect
    .poll(async () => (await readVoiceProbe(page)).plays, { message: "the greeting played" })
    .toBeGreaterThan(0);

  // The caller's words, from the model's transcription, and the reply as it streams and plays.
  await expect(dialog.locator('[data-role="user"]', { hasText: FAKE_REALTIME.transcriptText }).first()).toBeVisible({
    timeout: 60_000,
  });
  const reply = dialog.locator('[data-role="agent"]', { hasText: "Your order left" }).first();
  await expect(reply).toBeVisible();
  await expect
    .poll(async () => (await readReplyAudio(page)).active, { message: "the reply is playing" })
    .toBeGreaterThan(0);
  await expect(dialog.locator("[data-voice-status]")).toHaveAttribute("data-voice-status", "speaking");
  expect(seen.microphoneFrames, "the microphone streamed as PCM frames").toBeGreaterThan(10);
  await expect.poll(() => seen.playedReports.length, { message: "the page reports what it played" }).toBeGreaterThan(0);
  await screenshotBothWidths(page, "voice-realtime-speaking");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotBothWidths(page, "voice-realtime-speaking-dark");
  await page.emulateMedia({ colorScheme: "light" });

  // The fake microphone asks again while the reply plays: the model signals barge-in, the reply stops.
  await expect(reply.getByText("(interrupted)")).toBeVisible({ timeout: 60_000 });
  expect(seen.received).toContain("barge-in");
  await expect.poll(async () => (await readReplyAudio(page)).active, { message: "the reply stopped" }).toBe(0);
  const audio = await readReplyAudio(page);
  const stopMs = audio.lastStopAt - audio.bargeInAt;
  console.log(`realtime barge-in: the reply's audio was stopped ${stopMs.toFixed(1)} ms after the barge-in message`);
  expect(stopMs).toBeGreaterThanOrEqual(0);
  // Only the words heard are shown: the reply's last words were never played.
  await expect(reply).not.toContainText("scans it");
  expect(Math.max(...seen.playedReports), "played reports stay within the 10 s sent").toBeLessThanOrEqual(10_000);
  // Each report names the reply it counts, as the server numbered it before the reply's audio.
  expect(seen.reportedReplies[0], "the first reply is number 1").toBe(1);
  expect(seen.received.filter((type) => type === "reply-start").length).toBeGreaterThanOrEqual(1);
  await expect
    .poll(() => dialog.locator('[data-role="user"]').count(), { message: "the words spoken over it became a turn" })
    .toBeGreaterThan(1);
  await screenshotBothWidths(page, "voice-realtime-interrupted");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotBothWidths(page, "voice-realtime-interrupted-dark");
  await page.emulateMedia({ colorScheme: "light" });

  await dialog.getByRole("button", { name: "End conversation" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await readVoiceProbe(page)).liveTracks, { message: "microphone released" }).toBe(0);

  // Stored: the greeting, the caller's words, the reply cut where they spoke (its heard words), their next words.
  const storedRecords = await adminVoiceRecords(page, agentName);
  await expect
    .poll(async () => {
      const { messages } = await storedRecords();
      const cut = messages.find((m) => m.role === "assistant" && m.interrupted);
      return {
        roles: messages.map((m) => m.role).slice(0, 4),
        greeting: messages[0]?.content === greeting,
        user: messages.find((m) => m.role === "user")?.content ?? null,
        cutIsHeardStart: cut ? cut.content.length > 0 && FAKE_REALTIME.replyText.startsWith(cut.content) : false,
        cutShort: cut ? cut.content.length < FAKE_REALTIME.replyText.length : false,
      };
    })
    .toEqual({
      roles: ["assistant", "user", "assistant", "user"],
      greeting: true,
      user: FAKE_REALTIME.transcriptText,
      cutIsHeardStart: true,
      cutShort: true,
    });
});
