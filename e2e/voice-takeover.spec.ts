/**
 * A person in the loop on a voice call (issue 26): an admin takes the call over, the caller is
 * told who joined, the caller's next turn reaches the admin (the agent stays silent), and what
 * the admin types is spoken in the call's voice, labelled with their name; handing back ends
 * the notice. The call runs on typed turns (no speech recognition here), as voice-typed.spec.ts.
 */
import type { Page } from "@playwright/test";
import { greetingFor } from "../web/features/voice/greetings";
import { OWNER } from "./support/accounts";
import { screenshotBothWidths, signInThroughUi } from "./support/journeys";
import { expect, inOrder, installVoiceProbe, openVoiceDialog, readVoiceProbe, test } from "./support/voice-fake-mic";

async function voiceCallId(admin: Page, agentName: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      const calls = (await (await admin.request.get("/api/admin/voice-conversations")).json()) as {
        id: string;
        agentName: string;
      }[];
      id = calls.find((call) => call.agentName === agentName)?.id;
      return id;
    })
    .toBeDefined();
  return id ?? "";
}

test("an admin takes a voice call over: the caller hears what the admin types, in the call's voice", async ({
  page,
  browser,
  baseURL,
}) => {
  const agentName = `Vic ${Date.now().toString(36)}`;
  await installVoiceProbe(page);
  await page.addInitScript(() => {
    const scope = window as unknown as Record<string, unknown>;
    delete scope.SpeechRecognition;
    delete scope.webkitSpeechRecognition;
  });
  await openVoiceDialog(page, agentName);
  const dialog = page.getByRole("dialog", { name: `Speak to ${agentName}` });
  await dialog.getByRole("button", { name: "Start voice conversation" }).click();
  await expect(dialog.getByText(greetingFor("en-US", { name: agentName, role: "Support Specialist" }))).toBeVisible();
  const box = dialog.getByLabel("Type your message");
  await expect(box).toBeEnabled({ timeout: 60_000 });

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInThroughUi(admin, OWNER.email, OWNER.password);
  await admin.goto(`/admin/conversation/${await voiceCallId(admin, agentName)}`);
  await admin.getByRole("button", { name: "Take over" }).click();
  await expect(admin.getByText("You are answering this conversation; the agent is paused.")).toBeVisible();

  // The caller is told who answers now, without reloading.
  await expect(dialog.getByRole("status").filter({ hasText: "joined the conversation" })).toBeVisible();

  // The caller's turn reaches the admin; the agent does not answer it.
  await box.fill("Can a person check my invoice?");
  await box.press("Enter");
  await expect(admin.getByText("Can a person check my invoice?", { exact: true })).toBeVisible();
  await expect(box).toBeEnabled({ timeout: 60_000 });
  const playsBefore = (await readVoiceProbe(page)).plays;
  const statusesBefore = (await readVoiceProbe(page)).statuses.length;

  await admin.getByLabel("Your message to the user").fill("Hello, this is Olivia. Your invoice is paid.");
  await admin.getByRole("button", { name: "Send" }).click();

  const spoken = dialog.locator('[data-role="agent"]', { hasText: "Hello, this is Olivia. Your invoice is paid." });
  await expect(spoken).toBeVisible();
  await expect(spoken).toContainText(/^Olivia from /);
  await expect
    .poll(async () => (await readVoiceProbe(page)).plays, { message: "the admin's words were played" })
    .toBeGreaterThan(playsBefore);
  await expect
    .poll(async () => inOrder((await readVoiceProbe(page)).statuses.slice(statusesBefore), ["speaking", "listening"]), {
      message: "the call spoke the admin's reply, then listened again",
      timeout: 60_000,
    })
    .toBe(true);
  await screenshotBothWidths(page, "voice-call-taken-over");

  await admin.getByRole("button", { name: "Hand back to the agent" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "joined the conversation" })).toHaveCount(0);
  await adminContext.close();
});
