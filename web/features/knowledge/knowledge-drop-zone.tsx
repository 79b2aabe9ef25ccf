/**
 * Where files come in: drop them on the zone, or use "Choose files" (a real button, so the
 * keyboard and screen readers get the same way in). Several files at once either way. Where the
 * zone takes folders (onFolder), "Choose a folder" and a dropped folder bring in all its files.
 */
import { Upload } from "lucide-react";
import { useRef, useState, type DragEvent } from "react";
import type { FolderFile } from "./folder-files";
import { takeDroppedItems, walkFolders } from "./folder-drop";
import { KNOWLEDGE_ACCEPT, KNOWLEDGE_FILE_MAX_BYTES } from "../../../contracts/knowledge";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import { ACCEPTED_KINDS_TEXT } from "./knowledge-format";

const MAX_MB = KNOWLEDGE_FILE_MAX_BYTES / (1024 * 1024);

export function KnowledgeDropZone({
  onFiles,
  onFolder,
}: {
  onFiles: (files: File[]) => void;
  onFolder?: (files: FolderFile[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

  return (
    <div
      data-testid="knowledge-drop-zone"
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={(event) => {
        // Leaving for a child of the zone is not leaving the zone.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!onFolder) {
          onFiles([...event.dataTransfer.files]);
          return;
        }
        const dropped = takeDroppedItems(event.dataTransfer);
        if (dropped.files.length > 0) onFiles(dropped.files);
        if (dropped.folders.length > 0) void walkFolders(dropped.folders).then(onFolder);
      }}
      className={cn(
        "flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors",
        dragging ? "border-primary bg-primary-soft" : "border-slate-300 bg-slate-50",
      )}
    >
      <Upload className="size-6 text-slate-400" aria-hidden />
      <p className="hidden text-sm text-slate-700 sm:block">Drop files {onFolder ? "or a folder " : ""}here, or</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          Choose files
        </Button>
        {onFolder && (
          <Button variant="outline" size="sm" onClick={() => folderInput.current?.click()}>
            Choose a folder
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-500">
        {ACCEPTED_KINDS_TEXT} · up to {MAX_MB} MB each
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={KNOWLEDGE_ACCEPT}
        className="hidden"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared, so choosing the same file again (after fixing it) still reports a change.
          event.target.value = "";
          onFiles(files);
        }}
      />
      {onFolder && (
        <input
          ref={folderInput}
          type="file"
          multiple
          // React passes unknown lowercase attributes through; the DOM property is webkitdirectory.
          {...{ webkitdirectory: "" }}
          className="hidden"
          tabIndex={-1}
          aria-hidden
          data-testid="knowledge-folder-input"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            onFolder(files.map((file) => ({ path: file.webkitRelativePath || file.name, file })));
          }}
        />
      )}
    </div>
  );
}
