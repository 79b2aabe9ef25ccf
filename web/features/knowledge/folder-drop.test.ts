/**
 * Folders dropped on the zone: the entries a browser hands over (webkitGetAsEntry) walked to
 * every file, through directory readers that answer in batches until they answer none.
 */
import { describe, expect, it } from "vitest";
import { takeDroppedItems, walkFolders } from "./folder-drop";

type Tree = { [name: string]: string | Tree };

/** A directory entry over a tree, its reader answering two entries at a time (Chrome answers 100). */
function directory(name: string, tree: Tree, parent = ""): FileSystemDirectoryEntry {
  const fullPath = `${parent}/${name}`;
  const children = Object.entries(tree).map(([child, value]) =>
    typeof value === "string" ? fileEntry(child, value, fullPath) : directory(child, value, fullPath),
  );
  return {
    isDirectory: true,
    isFile: false,
    name,
    fullPath,
    createReader: () => {
      let next = 0;
      return {
        readEntries: (resolve: (entries: FileSystemEntry[]) => void) => {
          const batch = children.slice(next, next + 2);
          next += batch.length;
          queueMicrotask(() => resolve(batch));
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}

function fileEntry(name: string, content: string, parent: string): FileSystemFileEntry {
  return {
    isDirectory: false,
    isFile: true,
    name,
    fullPath: `${parent}/${name}`,
    file: (resolve: (file: File) => void) => queueMicrotask(() => resolve(new File([content], name))),
  } as unknown as FileSystemFileEntry;
}

describe("a dropped folder", () => {
  it("yields every file under it, however deep, with its path from the dropped folder", async () => {
    const manual = directory("manual", {
      "a.md": "a",
      "b.txt": "b",
      ".DS_Store": "x",
      guide: { "c.html": "c", deeper: { "d.md": "d" } },
      "e.csv": "e",
    });
    const found = await walkFolders([manual]);
    expect(found.map((f) => f.path).sort()).toEqual([
      "manual/.DS_Store",
      "manual/a.md",
      "manual/b.txt",
      "manual/e.csv",
      "manual/guide/c.html",
      "manual/guide/deeper/d.md",
    ]);
    expect(found.find((f) => f.path === "manual/guide/deeper/d.md")?.file.name).toBe("d.md");
  });

  it("keeps files dropped beside a folder as plain files, and a drop of files only as before", () => {
    const folder = directory("manual", {});
    const loose = new File(["x"], "loose.md");
    const item = (entry: unknown, file: File | null) =>
      ({ kind: "file", webkitGetAsEntry: () => entry, getAsFile: () => file }) as unknown as DataTransferItem;
    const mixed = {
      items: [item(folder, null), item({ isDirectory: false, isFile: true }, loose)],
      files: [loose],
    } as unknown as DataTransfer;
    expect(takeDroppedItems(mixed)).toEqual({ files: [loose], folders: [folder] });

    const filesOnly = { items: [item({ isDirectory: false, isFile: true }, loose)], files: [loose] };
    expect(takeDroppedItems(filesOnly as unknown as DataTransfer)).toEqual({ files: [loose], folders: [] });
  });
});
