/**
 * What the Voice Help panel checks (spec section 2): recognition and synthesis support, a
 * 5-second recognition test, a 3-second synthesis test, and a full report with advice.
 */
import type { LanguageCode, VoiceCapabilities } from "../../../contracts/voice";
import { availableVoices, recognitionConstructor, speakWithBrowser, synthesisSupported } from "./browser-speech";
import type { ProbeResult } from "./ear-probe";
import { recordingMimeType } from "./turn-listeners";
import { transcribeAudio } from "./voice-api";
import { blobToDataUrl } from "./wav-encoding";

export type SpeechTestStatus = "pending" | "testing" | "success" | "failed";
export const RECOGNITION_TEST_MS = 5000;
export const SYNTHESIS_TEST_MS = 3000;

export interface TestResult {
  status: "success" | "failed";
  detail: string;
}

export interface DiagnosticsReport {
  browser: string;
  secureContext: boolean;
  microphone: PermissionState | "unsupported";
  voices: number;
  /** The browser's recogniser as tested (started for a moment), not as the browser claims. */
  recognition: ProbeResult | null;
  synthesis: boolean;
  server: VoiceCapabilities | null;
  recommendations: string[];
}

/** Records 5 s for the server's STT when it has one (what the dialog uses), else listens with the browser's recogniser. */
export async function testRecognition(language: string, serverStt: boolean): Promise<TestResult> {
  const Recognition = recognitionConstructor();
  if (Recognition && !serverStt) {
    return new Promise((resolve) => {
      const recognition = new Recognition();
      let heard = "";
      recognition.lang = language;
      recognition.interimResults = true;
      recognition.continuous = true;
      recognition.onresult = (event) => {
        heard = Array.from({ length: event.results.length }, (_, i) => event.results[i][0]?.transcript ?? "").join(" ");
      };
      recognition.onerror = (event) =>
        resolve({ status: "failed", detail: `Recognition error: ${event.error ?? "unknown"}` });
      setTimeout(() => {
        recognition.stop();
        resolve(
          heard.trim()
            ? { status: "success", detail: `Heard: "${heard.trim()}"` }
            : { status: "failed", detail: "No speech was recognised in 5 seconds." },
        );
      }, RECOGNITION_TEST_MS);
      recognition.start();
    });
  }
  if (!serverStt || !recordingMimeType())
    return { status: "failed", detail: "This browser cannot recognise speech and the server has no speech-to-text." };
  return testServerRecognition(language);
}

async function testServerRecognition(language: string): Promise<TestResult> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  try {
    const recorder = new MediaRecorder(stream, { mimeType: recordingMimeType() });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    setTimeout(() => recorder.stop(), RECOGNITION_TEST_MS);
    await stopped;
    const audioData = await blobToDataUrl(new Blob(chunks, { type: recorder.mimeType }));
    const { text } = await transcribeAudio(audioData, language as LanguageCode);
    return text
      ? { status: "success", detail: `The server heard: "${text}"` }
      : { status: "failed", detail: "The server heard no speech." };
  } finally {
    for (const track of stream.getTracks()) track.stop();
  }
}

/** Speaks a sample with the browser's voice; passes when speech starts within 3 s. */
export async function testSynthesis(language: string): Promise<TestResult> {
  if (!synthesisSupported()) return { status: "failed", detail: "This browser has no speech synthesis." };
  const controller = new AbortController();
  let started = false;
  const speaking = new Promise<void>((resolve) => {
    const watch = setInterval(() => {
      if (window.speechSynthesis.speaking) {
        started = true;
        clearInterval(watch);
        resolve();
      }
    }, 100);
    setTimeout(() => {
      clearInterval(watch);
      resolve();
    }, SYNTHESIS_TEST_MS);
  });
  void speakWithBrowser("This is a speech synthesis test.", language, controller.signal);
  await speaking;
  setTimeout(() => controller.abort(), SYNTHESIS_TEST_MS);
  return started
    ? { status: "success", detail: "The browser's voice is speaking." }
    : { status: "failed", detail: "No speech started within 3 seconds." };
}

function browserName(userAgent: string): string {
  const match = /(Edg|OPR|Firefox|Chrome|Chromium|Version)\/(\d+)/.exec(userAgent);
  if (!match) return userAgent;
  const name =
    { Edg: "Edge", OPR: "Opera", Version: /Safari/.test(userAgent) ? "Safari" : "Browser" }[match[1]] ?? match[1];
  return `${name} ${match[2]}`;
}

async function microphonePermission(): Promise<DiagnosticsReport["microphone"]> {
  try {
    return (await navigator.permissions.query({ name: "microphone" as PermissionName })).state;
  } catch {
    return "unsupported";
  }
}

export async function runDiagnostics(
  server: VoiceCapabilities | null,
  recognition: ProbeResult | null,
): Promise<DiagnosticsReport> {
  const report: DiagnosticsReport = {
    browser: browserName(navigator.userAgent),
    secureContext: window.isSecureContext,
    microphone: await microphonePermission(),
    voices: (await availableVoices()).length,
    recognition,
    synthesis: synthesisSupported(),
    server,
    recommendations: [],
  };
  const advice = report.recommendations;
  if (!report.secureContext)
    advice.push("Open the app over HTTPS (or localhost): browsers only allow the microphone on secure pages.");
  if (report.microphone === "denied")
    advice.push("Allow microphone access for this site in the browser's site settings, then reload.");
  if (recognition && !recognition.ok && !server?.serverStt)
    advice.push(
      "Use Chrome or Edge for speech recognition, or ask an administrator to configure server speech-to-text.",
    );
  if (!server) advice.push("The server's voice capabilities could not be read; check your connection.");
  if (report.voices === 0 && server?.tts !== "openai-compatible")
    advice.push("No browser voices are installed; replies use the server's built-in voice.");
  if (advice.length === 0) advice.push("Everything needed for voice conversations is available.");
  return report;
}
