import { describe, expect, it } from "vitest";
import { KNOWLEDGE_FILE_MAX_BYTES } from "../../../contracts/knowledge";
import { refusalBeforeUpload } from "./knowledge-format";
import { newUploadRow, processingLabel, uploadQueueReducer, type UploadRow } from "./upload-queue";

const file = { name: "returns.pdf", size: 2048 };

function uploading(key = "a"): UploadRow[] {
  const added = uploadQueueReducer([], { type: "added", rows: [newUploadRow(key, file, null)] });
  return uploadQueueReducer(added, { type: "started", key });
}

describe("the upload queue", () => {
  it("shows a new file as waiting for its turn, then uploading at 0 %, newest first", () => {
    const rows = uploadQueueReducer(uploading("a"), { type: "added", rows: [newUploadRow("b", file, null)] });
    expect(rows.map((r) => [r.key, r.phase, r.percent])).toEqual([
      ["b", "waiting", 0],
      ["a", "uploading", 0],
    ]);
  });

  it("puts a file the server could not take yet back in line, from 0 %", () => {
    let rows = uploadQueueReducer(uploading(), { type: "progress", key: "a", percent: 50 });
    rows = uploadQueueReducer(rows, { type: "waiting", key: "a" });
    expect(rows[0]).toMatchObject({ phase: "waiting", percent: 0 });
  });

  it("moves the percent forward only, and caps it at 100", () => {
    let rows = uploadQueueReducer(uploading(), { type: "progress", key: "a", percent: 60 });
    rows = uploadQueueReducer(rows, { type: "progress", key: "a", percent: 40 });
    expect(rows[0]?.percent).toBe(60);
    rows = uploadQueueReducer(rows, { type: "progress", key: "a", percent: 140 });
    expect(rows[0]?.percent).toBe(100);
  });

  it("turns a sent file into processing, and late progress does not move it back", () => {
    let rows = uploadQueueReducer(uploading(), { type: "sent", key: "a" });
    rows = uploadQueueReducer(rows, { type: "progress", key: "a", percent: 10 });
    expect(rows[0]).toMatchObject({ phase: "processing", percent: 100 });
  });

  it("keeps a refused file with the server's message until it is dismissed, and leaves the others alone", () => {
    const two = uploadQueueReducer(uploading("a"), { type: "added", rows: [newUploadRow("b", file, null)] });
    let rows = uploadQueueReducer(two, { type: "failed", key: "a", message: "This PDF cannot be read." });
    expect(rows.find((r) => r.key === "a")).toMatchObject({ phase: "failed", error: "This PDF cannot be read." });
    expect(rows.find((r) => r.key === "b")?.phase).toBe("waiting");
    rows = uploadQueueReducer(rows, { type: "dismissed", key: "a" });
    expect(rows.map((r) => r.key)).toEqual(["b"]);
  });

  it("drops a stored file's row: the document list shows it from then on", () => {
    expect(uploadQueueReducer(uploading(), { type: "stored", key: "a" })).toEqual([]);
  });

  it("starts a file refused before upload as failed, with the reason", () => {
    const row = newUploadRow("a", { name: "photo.png", size: 10 }, "This kind of file cannot be read.");
    expect(row).toMatchObject({ phase: "failed", error: "This kind of file cannot be read." });
  });
});

describe("the checks before an upload", () => {
  it("lets through every kind the server reads, whatever the case of the extension", () => {
    for (const name of ["a.txt", "b.MD", "c.pdf", "d.docx", "e.html", "f.htm", "g.csv"]) {
      expect(refusalBeforeUpload({ name, size: 10 })).toBeNull();
    }
  });

  it("refuses other kinds, naming the ones it accepts", () => {
    expect(refusalBeforeUpload({ name: "photo.png", size: 10 })).toBe(
      "This kind of file cannot be read. Add TXT, MD, PDF, DOCX, HTML, CSV files.",
    );
    expect(refusalBeforeUpload({ name: "README", size: 10 })).not.toBeNull();
  });

  it("refuses a file over the size limit or an empty one", () => {
    expect(refusalBeforeUpload({ name: "big.pdf", size: KNOWLEDGE_FILE_MAX_BYTES + 1 })).toBe(
      "This file is larger than 20 MB, the most one file may be.",
    );
    expect(refusalBeforeUpload({ name: "big.pdf", size: KNOWLEDGE_FILE_MAX_BYTES })).toBeNull();
    expect(refusalBeforeUpload({ name: "empty.txt", size: 0 })).toBe("This file is empty.");
  });

  it("says where a file being processed is in the server's queue", () => {
    expect(processingLabel(undefined)).toBe("Processing…");
    expect(processingLabel({ filesAhead: 2, reading: false })).toBe("Waiting: 2 files ahead");
    expect(processingLabel({ filesAhead: 1, reading: false })).toBe("Waiting: 1 file ahead");
    expect(processingLabel({ filesAhead: 0, reading: false })).toBe("Waiting: next in line");
    expect(processingLabel({ filesAhead: 0, reading: true })).toBe("Reading the file…");
    expect(processingLabel({ filesAhead: 0, reading: true }, "Handbook.PDF")).toBe("Reading the PDF…");
    expect(processingLabel({ filesAhead: 0, reading: true }, "terms.docx")).toBe("Reading the Word document…");
  });
});
