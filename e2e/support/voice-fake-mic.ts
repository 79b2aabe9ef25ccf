/**
 * Playwright fixtures for voice journeys: Chromium with a fake microphone that "says" an espeak
 * WAV (looped by Chromium), chosen per describe block with `test.use({ fakeMic: … })`, plus
 * page probes that record what the dialog did (statuses, audio that played, microphone tracks).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import type { AdminVoiceConversation, AdminVoiceMessages } from "../../contracts/admin.js";
import { makeSpeechWav } from "../../server/providers/tts/speech-wav.js";
import { encodePcm16Wav, silence } from "../../server/providers/tts/wav.js";
import { OWNER } from "./accounts.js";
import { createApprovedUser } from "./api-users.js";
import { expect, test as base } from "./journey-test.js";
import { signInThroughUi } from "./journeys.js";

export type FakeMic = { say: string; silenceBeforeSeconds: number; silenceAfterSeconds: number } | "silence";

const MIC_DIR = resolve(".e2e-data/voice-mic");

async function micFile(mic: FakeMic): Promise<string> {
  const file = `${MIC_DIR}/${createHash("sha256").update(JSON.stringify(mic)).digest("hex").slice(0, 16)}.wav`;
  if (existsSync(file)) return file;
  mkdirSync(MIC_DIR, { recursive: true });
  const wav =
    mic === "silence"
      ? encodePcm16Wav(silence(5, 48_000), 48_000)
      : await makeSpeechWav({
          text: mic.say,
          silenceBeforeSeconds: mic.silenceBeforeSeconds,
          silenceAfterSeconds: mic.silenceAfterSeconds,
        });
  // Written aside and renamed: a run beside this one may be reading the same cached file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, wav);
  renameSync(partial, file);
  return file;
}

const CALL_LOCK = `${MIC_DIR}/one-call-at-a-time`;

/**
 * Holds the machine's one voice journey slot for a test: two voice journeys at once (each in its
 * own Chromium with a fake microphone) failed together on this 2-core machine — a greeting
 * still playing after 30 s, a reply that never came in 3 minutes — while each passed alone
 * (voice-clocks with voice-pause, even on code that had passed CI). A directory is the lock
 * (mkdir is atomic across the workers); one left by a worker that died is taken over.
 */
async function holdCallSlot(): Promise<() => void> {
  mkdirSync(MIC_DIR, { recursive: true });
  for (;;) {
    try {
      mkdirSync(CALL_LOCK);
      writeFileSync(`${CALL_LOCK}/pid`, String(process.pid));
      return () => rmSync(CALL_LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (!ownerAlive()) rmSync(CALL_LOCK, { recursive: true, force: true });
      // A mutex's wait, not a synchronisation on the app: the other journey ends when it ends.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

function ownerAlive(): boolean {
  try {
    const pid = Number(readFileSync(`${CALL_LOCK}/pid`, "utf8"));
    if (!pid) return true; // Being written: its owner is alive.
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" || (error as NodeJS.ErrnoException).code === "ENOENT";
  }
}

export const test = base.extend<{ oneCallAtATime: void }, { fakeMic: FakeMic; fakeMicFile: string }>({
  oneCallAtATime: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const release = await holdCallSlot();
      try {
        await use();
      } finally {
        release();
      }
    },
    { auto: true },
  ],
  fakeMic: ["silence", { option: true, scope: "worker" }],
  fakeMicFile: [async ({ fakeMic }, use) => use(await micFile(fakeMic)), { scope: "worker" }],
  launchOptions: [
    async ({ launchOptions, fakeMicFile }, use) =>
      use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          "--use-fake-ui-for-media-stream",
          "--use-fake-device-for-media-stream",
          `--use-file-for-fake-audio-capture=${fakeMicFile}`,
        ],
      }),
    { scope: "worker" },
  ],
});

export { expect };

interface VoiceProbe {
  statuses: string[];
  /** The page clock's Date.now() when each status in `statuses` began. */
  statusTimes: number[];
  plays: number;
  streams: MediaStream[];
}

/** Must run before the page loads: records dialog statuses, `playing` events and microphone streams. */
export async function installVoiceProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe: VoiceProbe = { statuses: [], statusTimes: [], plays: 0, streams: [] };
    (window as unknown as { voiceProbe: VoiceProbe }).voiceProbe = probe;
    // Media events do not bubble, but a capturing listener on the document still sees them.
    document.addEventListener("playing", () => (probe.plays += 1), true);
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      probe.streams.push(stream);
      return stream;
    };
    new MutationObserver(() => {
      const status = document.querySelector("[data-voice-status]")?.getAttribute("data-voice-status");
      if (status && probe.statuses.at(-1) !== status) {
        probe.statuses.push(status);
        probe.statusTimes.push(Date.now());
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-voice-status"] });
  });
}

export function readVoiceProbe(
  page: Page,
): Promise<{ statuses: string[]; statusTimes: number[]; plays: number; liveTracks: number }> {
  return page.evaluate(() => {
    const probe = (window as unknown as { voiceProbe: VoiceProbe }).voiceProbe;
    const liveTracks = probe.streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === "live").length;
    return { statuses: probe.statuses, statusTimes: probe.statusTimes, plays: probe.plays, liveTracks };
  });
}

/** True when `wanted` appears in `seen` in order (not necessarily adjacent). */
export function inOrder(seen: string[], wanted: string[]): boolean {
  let next = 0;
  for (const item of seen) if (item === wanted[next]) next += 1;
  return next === wanted.length;
}

/** Signs a new user in, gives them an agent and opens its voice dialog from the chat header. */
export async function openVoiceDialog(page: Page, agentName: string): Promise<void> {
  const user = await createApprovedUser(page.request, "");
  await signInThroughUi(page, user.email, user.password);
  const created = await page.request.post("/api/agents", {
    data: { name: agentName, gender: "female", role: "Support Specialist" },
  });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/chat/${id}`);
  await page.getByRole("button", { name: `Speak to ${agentName}` }).click();
  await expect(page.getByRole("dialog", { name: `Speak to ${agentName}` })).toBeVisible();
}

/**
 * Switches the page's API context to the owner (an admin) and returns a reader of what the
 * server stored for the voice conversation with `agentName`: the journeys' record check.
 */
export async function adminVoiceRecords(page: Page, agentName: string): Promise<() => Promise<AdminVoiceMessages>> {
  const admin = page.context().request;
  await admin.post("/api/logout");
  await admin.post("/api/login", { data: { email: OWNER.email, password: OWNER.password } });
  const conversations = (await (await admin.get("/api/admin/voice-conversations")).json()) as AdminVoiceConversation[];
  const conversation = conversations.find((c) => c.agentName === agentName);
  expect(conversation, `a voice conversation with ${agentName}`).toBeDefined();
  return async () =>
    (await (
      await admin.get(`/api/admin/voice-conversations/${conversation?.id}/messages`)
    ).json()) as AdminVoiceMessages;
}

/**
 * Stops the page's clock (installed with page.clock.install()) a moment ahead of its time, so
 * the test moves it from here. On a loaded machine more than a second can pass between reading
 * the page's time and the call arriving, so it tries again a bit further ahead.
 */
export async function pausePageClock(page: Page): Promise<void> {
  for (const margin of [1000, 2000, 3000]) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + margin);
      return;
    } catch (error) {
      if (!String(error).includes("to the past") || margin === 3000) throw error;
    }
  }
}

/** The call's countdown as the dialog shows it, in seconds. */
export async function secondsLeft(page: Page): Promise<number> {
  const [minutes, seconds] = (await page.getByRole("timer").innerText()).split(":").map(Number);
  return minutes * 60 + seconds;
}
