import { afterEach, describe, expect, it } from "vitest";
import { buildLongPdf, buildPdf } from "./document-fixtures.js";
import { buildEncryptedPdf } from "./encrypted-pdf-fixture.js";
import {
  closeSharedExtractPool,
  createExtractPool,
  extractInWorker,
  ExtractQueueFullError,
  type ExtractPool,
} from "./extract-pool.js";
import { KnowledgeFileError } from "./knowledge-file-error.js";

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const pools: ExtractPool[] = [];

function pool(options: Parameters<typeof createExtractPool>[0]): ExtractPool {
  const created = createExtractPool(options);
  pools.push(created);
  return created;
}

async function refusal(work: Promise<unknown>): Promise<KnowledgeFileError> {
  const error: unknown = await work.then(
    () => new Error("expected a refusal"),
    (reason: unknown) => reason,
  );
  if (!(error instanceof KnowledgeFileError)) throw error;
  return error;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
  await closeSharedExtractPool();
});

describe("the extraction pool", () => {
  it("reads a PDF and pasted text in a worker thread", async () => {
    const bytes = await buildPdf([["Filters last six months."], ["The warranty lasts three years."]], "Pump manual");
    const document = await extractInWorker({ bytes, fileName: "manual.pdf", declaredType: "application/pdf" });
    expect(document.kind).toBe("pdf");
    expect(document.suggestedTitle).toBe("Pump manual");
    expect(document.chunks).toEqual([
      { ordinal: 0, content: "Filters last six months.", location: "page 1" },
      { ordinal: 1, content: "The warranty lasts three years.", location: "page 2" },
    ]);
    const pasted = await extractInWorker({
      bytes: utf8("# Hours\n\nOpen 9 to 5."),
      fileName: null,
      declaredType: null,
      kind: "text",
    });
    expect(pasted.chunks).toEqual([{ ordinal: 0, content: "Hours\n\nOpen 9 to 5.", location: "Hours" }]);
  });

  it("hands a refusal back across the thread with its status and message", async () => {
    const encrypted = buildEncryptedPdf({ text: "Secret prices", userPassword: "pw", ownerPassword: "owner" });
    const error = await refusal(extractInWorker({ bytes: encrypted, fileName: "prices.pdf", declaredType: null }));
    expect([error.status, error.message]).toEqual([
      400,
      "This PDF is password-protected. Remove the password and upload it again.",
    ]);
    const renamed = await refusal(
      extractInWorker({ bytes: utf8("just text"), fileName: "scan.pdf", declaredType: null }),
    );
    expect(renamed.status).toBe(415);
  });

  it("reads files queued together one after another on one reused worker, each with its own result", async () => {
    const reader = pool({ size: 1 });
    const names = ["alpha", "bravo", "charlie", "delta"];
    const documents = await Promise.all(
      names.map((name) =>
        reader.extract({ bytes: utf8(`The code word is ${name}.`), fileName: `${name}.txt`, declaredType: null }),
      ),
    );
    expect(documents.map((document) => document.chunks[0].content)).toEqual(
      names.map((name) => `The code word is ${name}.`),
    );
    expect(reader.workersStarted).toBe(1);
  });

  it("stops a file that outlasts its time budget (400) and reads the next file in a fresh worker", async () => {
    const reader = pool({ size: 1 });
    const manual = await buildLongPdf(100);
    // Parsing a 100-page PDF takes far longer than a millisecond on any machine.
    const slow = await refusal(
      reader.extract({ bytes: manual, fileName: "manual.pdf", declaredType: null }, { timeBudgetMs: 1 }),
    );
    expect([slow.status, slow.message]).toEqual([
      400,
      "This file took too long to read. Split it into smaller files and upload them.",
    ]);
    const next = await reader.extract({ bytes: manual, fileName: "manual.pdf", declaredType: null });
    expect(next.chunks.at(-1)?.location).toBe("page 100");
    expect(reader.workersStarted).toBe(2);
  });

  it("refuses a file that needs more memory than a worker may use (400), and the pool recovers", async () => {
    // 48 MB is enough to load the readers (~30 MB) but not to hold a 17 MB CSV as text and chunks.
    const reader = pool({ size: 1, memoryLimitMb: 48 });
    const rows = Array.from(
      { length: 240_000 },
      (_, index) => `SKU-${index},Widget ${index} in blue and green,${index}.00`,
    );
    const csv = utf8(["sku,name,price", ...rows].join("\n"));
    const error = await refusal(reader.extract({ bytes: csv, fileName: "stock.csv", declaredType: null }));
    expect([error.status, error.message]).toEqual([
      400,
      "This file needs too much memory to read. Split it into smaller files and upload them.",
    ]);
    const next = await reader.extract({ bytes: utf8("sku,name\nA-1,Bolt"), fileName: "small.csv", declaredType: null });
    expect(next.chunks).toEqual([{ ordinal: 0, content: "sku,name\nA-1,Bolt", location: "row 2" }]);
    expect(reader.workersStarted).toBe(2);
  });

  it("refuses the file being read when the process grows past the memory budget, and the pool recovers", async () => {
    // A 1 MB budget: reading a 100-page PDF (PDF.js loads, pages are parsed) grows the process far more.
    const reader = pool({ size: 1, memoryBudgetMb: 1 });
    const error = await refusal(
      reader.extract({ bytes: await buildLongPdf(100), fileName: "m.pdf", declaredType: null }),
    );
    expect([error.status, error.message]).toEqual([
      400,
      "This file needs too much memory to read. Split it into smaller files and upload them.",
    ]);
    const relaxed = pool({ size: 1 });
    const next = await relaxed.extract({ bytes: utf8("still readable"), fileName: "a.txt", declaredType: null });
    expect(next.chunks[0].content).toBe("still readable");
  });

  it("refuses a file when too many are already waiting, without queueing it", async () => {
    const reader = pool({ size: 1, queueMax: 2 });
    const waiting = [1, 2].map((n) =>
      reader.extract({ bytes: utf8(`file ${n}`), fileName: "a.txt", declaredType: null }),
    );
    await expect(
      reader.extract({ bytes: utf8("one too many"), fileName: "a.txt", declaredType: null }),
    ).rejects.toThrow(ExtractQueueFullError);
    expect((await Promise.all(waiting)).map((document) => document.chunks[0].content)).toEqual(["file 1", "file 2"]);
  });

  it("rejects waiting files when closed, and refuses new ones", async () => {
    const reader = createExtractPool({ size: 1 });
    const waiting = reader.extract({ bytes: utf8("hello"), fileName: "a.txt", declaredType: null }).then(
      () => new Error("expected a rejection"),
      (error: unknown) => error,
    );
    await reader.close();
    expect(await waiting).toMatchObject({ message: "the knowledge extraction pool is closed" });
    await expect(reader.extract({ bytes: utf8("hello"), fileName: "a.txt", declaredType: null })).rejects.toThrow(
      /closed/,
    );
  });
});
