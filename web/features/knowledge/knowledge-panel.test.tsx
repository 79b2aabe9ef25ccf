// @vitest-environment jsdom
/**
 * The knowledge upload as the user sees it (KnowledgePanel): a file's progress while it leaves
 * the browser, its place in the server's queue, the stored document, and the refusals — ours
 * before any byte is sent, and the server's. The upload goes by XMLHttpRequest (the only API
 * that reports upload progress), so the network edge here is a fake XHR the test drives.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { KNOWLEDGE_UPLOAD_ID_HEADER, type KnowledgeDocument } from "../../../contracts/knowledge";
import { fakeApi, json, renderAt, setUpComponentTests } from "../../test-support/component-harness";
import { KnowledgePanel } from "./knowledge-panel";

setUpComponentTests();

const AGENT_ID = "a0000000-0000-4000-8000-000000000001";

/** One upload request, as the browser would run it; the test plays the network's part. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = "";
  responseText = "";
  responseType = "";
  withCredentials = false;
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  allSent() {
    this.upload.onload?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const document = (fields: Partial<KnowledgeDocument>): KnowledgeDocument => ({
  id: "d1",
  title: "notes",
  status: "ready",
  chunks: 3,
  kind: "txt",
  fileName: "notes.txt",
  sizeBytes: 11,
  error: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...fields,
});

let stored: KnowledgeDocument[] = [];
let queue: { uploadId: string; filesAhead: number; reading: boolean }[] = [];

beforeEach(() => {
  FakeXhr.sent = [];
  stored = [];
  queue = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  fakeApi({
    [`GET /api/agents/${AGENT_ID}/knowledge`]: () => json(stored),
    "GET /api/knowledge/uploads": () => json(queue),
  });
});

async function choose(files: File[]) {
  const view = renderAt(<KnowledgePanel agentId={AGENT_ID} />);
  await screen.findByText(/drop files/i);
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  // The picker's accept list is a hint the OS may ignore: the panel checks again itself.
  await userEvent.setup({ applyAccept: false }).upload(input, files);
  return view;
}

const uploadRow = (name: string) => screen.getByRole("listitem", { name });

describe("the knowledge upload", () => {
  it("shows the file's progress, then its place in the queue, then the stored document", async () => {
    await choose([new File(["hello world"], "notes.txt", { type: "text/plain" })]);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe(`/api/agents/${AGENT_ID}/knowledge`);
    expect((xhr.body?.get("file") as File).name).toBe("notes.txt");

    xhr.progress(4, 10);
    // The bar may show before the progress event's render: wait for the value, not for the bar.
    await waitFor(() =>
      expect(screen.getByRole("progressbar", { name: "Uploading notes.txt" }).getAttribute("aria-valuenow")).toBe("40"),
    );
    expect(within(uploadRow("notes.txt")).getByText("Uploading 40%")).toBeTruthy();

    // Every byte sent: the server has it in its queue, two files ahead.
    queue = [{ uploadId: xhr.headers[KNOWLEDGE_UPLOAD_ID_HEADER]!, filesAhead: 2, reading: false }];
    xhr.allSent();
    expect(await within(uploadRow("notes.txt")).findByText("Waiting: 2 files ahead")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("status").textContent).toContain("notes.txt uploaded, processing");

    stored = [document({ title: "notes", status: "ready", chunks: 3 })];
    xhr.respond(201, stored[0]);
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "notes.txt" })).toBeNull());
    expect(await screen.findByText("notes")).toBeTruthy();
  });

  it("refuses a file it cannot read before sending a byte, and the refusal can be dismissed", async () => {
    await choose([new File(["MZ"], "setup.exe"), new File([], "empty.txt")]);

    expect(within(uploadRow("setup.exe")).getByText(/This kind of file cannot be read\. Add .*TXT/)).toBeTruthy();
    expect(within(uploadRow("empty.txt")).getByText("This file is empty.")).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.getByRole("status").textContent).toContain("setup.exe failed:");

    await userEvent.setup().click(screen.getByRole("button", { name: "Dismiss setup.exe" }));
    expect(screen.queryByRole("listitem", { name: "setup.exe" })).toBeNull();
    expect(uploadRow("empty.txt")).toBeTruthy();
  });

  it("shows the server's refusal on the file's row", async () => {
    await choose([new File(["%PDF-"], "scan.pdf", { type: "application/pdf" })]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));

    FakeXhr.sent[0]!.respond(422, { code: "KNOWLEDGE_UNREADABLE", message: "This PDF has no text to read." });
    expect(await within(uploadRow("scan.pdf")).findByText("This PDF has no text to read.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Dismiss scan.pdf" })).toBeTruthy();
  });
});

/** A file as a folder picker gives it: its path inside the chosen folder. */
function fromFolder(path: string, content = "Some words.\n"): File {
  const file = new File([content], path.split("/").pop() ?? path, { type: "text/plain" });
  Object.defineProperty(file, "webkitRelativePath", { value: path });
  return file;
}

describe("adding a folder", () => {
  it("queues the readable files two at a time, says in one line what it skipped, and follows them to ready", async () => {
    const view = renderAt(<KnowledgePanel agentId={AGENT_ID} />);
    await screen.findByText(/drop files or a folder/i);
    expect(screen.getByRole("button", { name: "Choose a folder" })).toBeTruthy();
    const input = view.container.querySelector<HTMLInputElement>('[data-testid="knowledge-folder-input"]');
    if (!input) throw new Error("no folder input");
    expect(input.hasAttribute("webkitdirectory")).toBe(true);
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, [
        fromFolder("manual/a.md"),
        fromFolder("manual/b.txt"),
        fromFolder("manual/c.html"),
        fromFolder("manual/.DS_Store"),
        fromFolder("manual/setup.exe"),
      ]);

    expect(await screen.findByText(/^Skipped 1 file from “manual” that the agent cannot read \(\.exe\)/)).toBeTruthy();
    expect(screen.queryByRole("listitem", { name: "setup.exe" })).toBeNull();
    expect(screen.queryByRole("listitem", { name: ".DS_Store" })).toBeNull();
    // The server takes two of a person's files at once: the third waits for a free place.
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(within(uploadRow("c.html")).getByText("Waiting to upload")).toBeTruthy();
    expect(screen.getByText("Adding 3 files from “manual”: 0 ready, 3 to go")).toBeTruthy();

    const names = () => FakeXhr.sent.map((xhr) => (xhr.body?.get("file") as File).name);
    expect(names()).toEqual(["a.md", "b.txt"]);
    stored = [document({ id: "d1", title: "a", status: "ready" })];
    FakeXhr.sent[0]!.respond(201, stored[0]);
    await waitFor(() => expect(names()).toEqual(["a.md", "b.txt", "c.html"]));
    expect(await screen.findByText("Adding 3 files from “manual”: 1 ready, 2 to go")).toBeTruthy();

    stored = [
      document({ id: "d3", title: "c", status: "ready" }),
      document({ id: "d2", title: "b", status: "ready" }),
      ...stored,
    ];
    FakeXhr.sent[1]!.respond(201, stored[1]);
    FakeXhr.sent[2]!.respond(201, stored[0]);
    expect(await screen.findByText("All 3 files from “manual” are ready")).toBeTruthy();
  });

  it("puts a file the server could not take yet (another tab uploading) back in line, and sends it again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await choose([new File(["hello"], "notes.txt", { type: "text/plain" })]);
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
      FakeXhr.sent[0]!.respond(429, { code: "TOO_MANY_UPLOADS", message: "You already have 2 files being read." });
      expect(await within(uploadRow("notes.txt")).findByText("Waiting to upload")).toBeTruthy();
      expect(screen.queryByText("You already have 2 files being read.")).toBeNull();

      expect(FakeXhr.sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(5000);
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
      expect((FakeXhr.sent[1]!.body?.get("file") as File).name).toBe("notes.txt");
    } finally {
      vi.useRealTimers();
    }
  });
});
