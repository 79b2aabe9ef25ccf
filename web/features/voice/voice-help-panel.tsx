/**
 * Voice Help (spec section 2): a panel toggled from the chat header showing what this browser
 * and the server support for voice, with the recognition and synthesis tests and a full report.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { synthesisSupported } from "./browser-speech";
import { probeBrowserRecognizer, type ProbeResult } from "./ear-probe";
import { voiceCapabilitiesQuery } from "./voice-api";
import {
  runDiagnostics,
  testRecognition,
  testSynthesis,
  type DiagnosticsReport,
  type SpeechTestStatus,
  type TestResult,
} from "./voice-diagnostics";

const STATUS_BADGE: Record<SpeechTestStatus, "muted" | "warning" | "success" | "destructive"> = {
  pending: "muted",
  testing: "warning",
  success: "success",
  failed: "destructive",
};

function useSpeechTest(run: () => Promise<TestResult>) {
  const [state, setState] = useState<{ status: SpeechTestStatus; detail: string }>({ status: "pending", detail: "" });
  const start = () => {
    setState({ status: "testing", detail: "" });
    run().then(setState, (error: unknown) => setState({ status: "failed", detail: String(error) }));
  };
  return { ...state, start };
}

export function VoiceHelpPanel({ language = "en-US" }: { language?: string }) {
  const capabilities = useQuery(voiceCapabilitiesQuery);
  const recognition = useSpeechTest(() => testRecognition(language, capabilities.data?.serverStt ?? false));
  const synthesis = useSpeechTest(() => testSynthesis(language));
  const [report, setReport] = useState<DiagnosticsReport | null>(null);
  const [running, setRunning] = useState(false);
  const probe = useRecognizerProbe(language);

  const diagnose = () => {
    setRunning(true);
    void runDiagnostics(capabilities.data ?? null, probe).then((next) => {
      setReport(next);
      setRunning(false);
    });
  };

  return (
    <Card id="voice-help-panel" role="region" aria-label="Voice help">
      <CardHeader>
        <CardTitle>Voice Help</CardTitle>
        <CardDescription>Check that your browser and microphone are ready for voice conversations.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-500">Speech recognition</dt>
          <dd>
            <RecognizerResult probe={probe} />
            {capabilities.data?.serverStt && <span className="text-slate-500"> (the server transcribes too)</span>}
          </dd>
          <dt className="text-slate-500">Speech synthesis</dt>
          <dd>
            {supportText(synthesisSupported(), capabilities.data ? ` (server voice: ${capabilities.data.tts})` : "")}
          </dd>
        </dl>
        <div className="grid gap-2">
          <TestRow label="Recognition test (5 s)" test={recognition} action="Start recognition test" />
          <TestRow label="Synthesis test (3 s)" test={synthesis} action="Play synthesis sample" />
        </div>
        <Button variant="outline" size="sm" onClick={diagnose} disabled={running}>
          {running ? "Running diagnostics…" : "Run full diagnostics"}
        </Button>
        {report && <DiagnosticsList report={report} />}
      </CardContent>
    </Card>
  );
}

/** The browser's recogniser, actually started for a moment when the panel opens (ear-probe.ts). */
function useRecognizerProbe(language: string): ProbeResult | null {
  const [probe, setProbe] = useState<ProbeResult | null>(null);
  useEffect(() => {
    let current = true;
    void probeBrowserRecognizer(language).then((result) => current && setProbe(result));
    return () => {
      current = false;
    };
  }, [language]);
  return probe;
}

function RecognizerResult({ probe }: { probe: ProbeResult | null }) {
  if (!probe) return <span className="text-slate-500">Testing…</span>;
  if (probe.ok) return <span className="text-emerald-700">Works in this browser (tested)</span>;
  return <span className="text-red-700">Not working here (tested): {probe.reason}</span>;
}

function supportText(supported: boolean, extra: string): ReactNode {
  return (
    <span className={supported ? "text-emerald-700" : "text-red-700"}>
      {supported ? "Supported" : "Not supported"}
      <span className="text-slate-500">{extra}</span>
    </span>
  );
}

function TestRow({ label, action, test }: { label: string; action: string; test: ReturnType<typeof useSpeechTest> }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">{label}</span>
        <Badge variant={STATUS_BADGE[test.status]} aria-live="polite">
          {test.status}
        </Badge>
      </div>
      {test.detail && <p className="mt-1 text-slate-600">{test.detail}</p>}
      <Button className="mt-2" variant="secondary" size="sm" onClick={test.start} disabled={test.status === "testing"}>
        {action}
      </Button>
    </div>
  );
}

function DiagnosticsList({ report }: { report: DiagnosticsReport }) {
  const rows: [string, string][] = [
    ["Browser", report.browser],
    ["HTTPS / secure context", report.secureContext ? "Yes" : "No"],
    ["Microphone permission", report.microphone],
    ["Voices available", String(report.voices)],
    [
      "Browser recogniser (tested)",
      report.recognition ? (report.recognition.ok ? "Works" : report.recognition.reason) : "not tested yet",
    ],
    ["Server voice", report.server ? report.server.tts : "unknown"],
    ["Server speech-to-text", report.server ? (report.server.serverStt ? "Available" : "Not configured") : "unknown"],
  ];
  return (
    <div className="space-y-2" aria-live="polite">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-500">{name}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h4 className="font-medium">Recommendations</h4>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {report.recommendations.map((advice) => (
            <li key={advice}>{advice}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
