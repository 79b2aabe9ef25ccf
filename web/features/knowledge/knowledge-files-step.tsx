/**
 * The create forms' optional knowledge step: files chosen (or dropped) here are kept until the
 * agent exists, then uploaded on its page (files-for-new-agent.ts). Files the server could
 * never take (wrong kind, too large) are refused here already, with the reason.
 */
import { FileText, X } from "lucide-react";
import { Button } from "../../components/ui/button";
import { formatBytes, refusalBeforeUpload } from "./knowledge-format";
import { KnowledgeDropZone } from "./knowledge-drop-zone";

export interface ChosenFiles {
  files: File[];
  refused: { name: string; reason: string }[];
}

export const NO_FILES: ChosenFiles = { files: [], refused: [] };

export function KnowledgeFilesStep({ value, onChange }: { value: ChosenFiles; onChange: (next: ChosenFiles) => void }) {
  const add = (incoming: File[]) => {
    const refused = incoming.flatMap((file) => {
      const reason = refusalBeforeUpload(file);
      return reason ? [{ name: file.name, reason }] : [];
    });
    const accepted = incoming.filter((file) => !refusalBeforeUpload(file));
    onChange({ files: [...value.files, ...accepted], refused });
  };
  const remove = (index: number) => onChange({ ...value, files: value.files.filter((_, i) => i !== index) });

  return (
    <fieldset className="mt-6 space-y-3 border-t border-slate-100 pt-5">
      <legend className="sr-only">Knowledge (optional)</legend>
      <div aria-hidden className="text-sm font-medium text-slate-800">
        Knowledge <span className="font-normal text-slate-500">(optional)</span>
      </div>
      <p className="text-sm text-slate-500">
        Files your agent should answer from — product manuals, price lists, policies. They upload on the agent's page
        once it is created, and its replies cite the passage they used.
      </p>
      <KnowledgeDropZone onFiles={add} />
      {value.refused.map((file) => (
        <p key={file.name} role="alert" className="text-sm text-red-600">
          {file.name}: {file.reason}
        </p>
      ))}
      {value.files.length > 0 && (
        <ul aria-label="Files to add" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {value.files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center gap-2 px-3 py-2 text-sm">
              <FileText className="size-4 shrink-0 text-slate-400" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <span className="shrink-0 text-xs text-slate-500">{formatBytes(file.size)}</span>
              <Button variant="ghost" size="sm" aria-label={`Remove ${file.name}`} onClick={() => remove(index)}>
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
