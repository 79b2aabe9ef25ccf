/**
 * Where files come in: drop them on the zone, or use "Choose files" (a real button, so the
 * keyboard and screen readers get the same way in). Several files at once either way.
 */
import { Upload } from "lucide-react";
import { useRef, useState, type DragEvent } from "react";
import { KNOWLEDGE_ACCEPT, KNOWLEDGE_FILE_MAX_BYTES } from "../../../contracts/knowledge";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import { ACCEPTED_KINDS_TEXT } from "./knowledge-format";

const MAX_MB = KNOWLEDGE_FILE_MAX_BYTES / (1024 * 1024);

export function KnowledgeDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
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
        onFiles([...event.dataTransfer.files]);
      }}
      className={cn(
        "flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors",
        dragging ? "border-primary bg-primary-soft" : "border-slate-300 bg-slate-50",
      )}
    >
      <Upload className="size-6 text-slate-400" aria-hidden />
      <p className="hidden text-sm text-slate-700 sm:block">Drop files here, or</p>
      <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
        Choose files
      </Button>
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
    </div>
  );
}
