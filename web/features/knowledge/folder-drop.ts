/**
 * The files of folders dropped on the drop zone: DataTransferItem.webkitGetAsEntry() walked
 * recursively (a directory reader answers in batches, so it is read until it answers none).
 * The entries must be taken during the drop event itself; the walk may end later.
 */
import type { FolderFile } from "./folder-files";

export interface DroppedItems {
  /** Files dropped as files, as before. */
  files: File[];
  /** Top-level folders, still to be walked. */
  folders: FileSystemDirectoryEntry[];
}

export function takeDroppedItems(data: DataTransfer): DroppedItems {
  const entries = [...data.items].map((item) => (item.kind === "file" ? item.webkitGetAsEntry?.() : null));
  const folders = entries.filter((entry): entry is FileSystemDirectoryEntry => Boolean(entry?.isDirectory));
  if (folders.length === 0) return { files: [...data.files], folders };
  const files = entries
    .map((entry, index) => (entry?.isFile ? data.items[index]?.getAsFile() : null))
    .filter((file): file is File => file instanceof File);
  return { files, folders };
}

const readBatch = (reader: FileSystemDirectoryReader) =>
  new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** Every file under the folders, with its path from the dropped folder ("manual/guide/intro.md"). */
export async function walkFolders(folders: FileSystemDirectoryEntry[]): Promise<FolderFile[]> {
  const found: FolderFile[] = [];
  const walk = async (directory: FileSystemDirectoryEntry): Promise<void> => {
    const reader = directory.createReader();
    for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) {
      for (const entry of batch) {
        if (entry.isDirectory) await walk(entry as FileSystemDirectoryEntry);
        else if (entry.isFile)
          found.push({ path: entry.fullPath.replace(/^\//, ""), file: await fileOf(entry as FileSystemFileEntry) });
      }
    }
  };
  for (const folder of folders) await walk(folder);
  return found;
}
