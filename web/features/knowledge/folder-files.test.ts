import { describe, expect, it } from "vitest";
import { KNOWLEDGE_FILE_MAX_BYTES, type KnowledgeDocument } from "../../../contracts/knowledge";
import {
  folderProgress,
  folderProgressLine,
  skippedLine,
  sortFolderFiles,
  type FolderFile,
  type FolderFileOutcome,
} from "./folder-files";

const inFolder = (path: string, size = 10): FolderFile => {
  const name = path.split("/").pop() ?? path;
  const file = new File(["x"], name);
  Object.defineProperty(file, "size", { value: size });
  return { path, file };
};

const doc = (id: string, status: KnowledgeDocument["status"]) => ({ id, status }) as KnowledgeDocument;

describe("a folder added as knowledge", () => {
  it("queues the files the agent reads, in path order, and counts the others by reason", () => {
    const folder = sortFolderFiles([
      inFolder("manual/setup.exe"),
      inFolder("manual/guide/b.html"),
      inFolder("manual/a.md"),
      inFolder("manual/notes.TXT"),
      inFolder("manual/photo.png"),
      inFolder("manual/LICENSE"),
      inFolder("manual/huge.pdf", KNOWLEDGE_FILE_MAX_BYTES + 1),
      inFolder("manual/blank.txt", 0),
    ]);
    expect(folder.name).toBe("manual");
    expect(folder.accepted.map((f) => f.name)).toEqual(["a.md", "b.html", "notes.TXT"]);
    expect(folder.wrongKind).toEqual(["", ".png", ".exe"]);
    expect(folder).toMatchObject({ tooLarge: 1, empty: 1 });
    expect(skippedLine(folder)).toBe(
      "Skipped 5 files from “manual”: 3 the agent cannot read (no extension, .png, .exe), 1 over 20 MB, 1 empty. It reads TXT, MD, PDF, DOCX, HTML, CSV.",
    );
  });

  it("says a single reason without counting twice", () => {
    expect(skippedLine(sortFolderFiles([inFolder("manual/setup.exe"), inFolder("manual/a.md")]))).toBe(
      "Skipped 1 file from “manual” that the agent cannot read (.exe). It reads TXT, MD, PDF, DOCX, HTML, CSV.",
    );
    expect(skippedLine(sortFolderFiles([inFolder("m/a.md", 0), inFolder("m/b.md", 0)]))).toBe(
      "Skipped 2 files from “m” that are empty.",
    );
    expect(skippedLine(sortFolderFiles([inFolder("m/a.md", KNOWLEDGE_FILE_MAX_BYTES + 1)]))).toBe(
      "Skipped 1 file from “m” that is over 20 MB.",
    );
  });

  it("skips hidden files and hidden folders silently", () => {
    const folder = sortFolderFiles([
      inFolder("manual/.DS_Store"),
      inFolder("manual/.git/config.txt"),
      inFolder("manual/intro.md"),
    ]);
    expect(folder.accepted.map((f) => f.name)).toEqual(["intro.md"]);
    expect(skippedLine(folder)).toBeNull();
  });

  it("names several dropped folders by their number", () => {
    expect(sortFolderFiles([inFolder("a/x.md"), inFolder("b/y.md")]).name).toBe("2 folders");
  });

  it("counts files ready, failed and still to go, from the uploads and the document list", () => {
    const outcomes = new Map<string, FolderFileOutcome>([
      ["k1", { documentId: "d1" }],
      ["k2", { documentId: "d2" }],
      ["k3", "failed"],
      ["k4", { documentId: "d4" }],
    ]);
    const documents = [doc("d1", "ready"), doc("d2", "processing"), doc("d4", "failed")];
    const progress = folderProgress(["k1", "k2", "k3", "k4", "k5"], outcomes, documents);
    expect(progress).toEqual({ total: 5, ready: 1, failed: 2, toGo: 2 });
    expect(folderProgressLine("manual", progress)).toBe("Adding 5 files from “manual”: 1 ready, 2 failed, 2 to go");
  });

  it("says when every file is ready, or how many could not be added", () => {
    expect(folderProgressLine("manual", { total: 12, ready: 5, failed: 0, toGo: 7 })).toBe(
      "Adding 12 files from “manual”: 5 ready, 7 to go",
    );
    expect(folderProgressLine("manual", { total: 12, ready: 12, failed: 0, toGo: 0 })).toBe(
      "All 12 files from “manual” are ready",
    );
    expect(folderProgressLine("manual", { total: 3, ready: 2, failed: 1, toGo: 0 })).toBe(
      "2 of 3 files from “manual” are ready; 1 could not be added",
    );
  });
});
