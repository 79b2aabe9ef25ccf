/**
 * "Paste text": knowledge that is not in a file (an FAQ from a web form, a policy from an
 * email). Checked with the same schema the server uses; the server's refusal shows in the dialog.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ClipboardPaste } from "lucide-react";
import { useState, type FormEvent } from "react";
import { KNOWLEDGE_TITLE_MAX, KnowledgeTextSchema, type KnowledgeDocument } from "../../../contracts/knowledge";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { handledAsSignedOut, knowledgeFailureMessage } from "./knowledge-errors";
import { pasteTextMutation } from "./knowledge-queries";

type Errors = Partial<Record<"title" | "text" | "form", string>>;

export function PasteTextDialog({ agentId, onAdded }: { agentId: string; onAdded: (doc: KnowledgeDocument) => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const add = useMutation(pasteTextMutation(queryClient, agentId));

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setTitle("");
      setText("");
      setErrors({});
    }
  };

  /** A field's message goes once the person edits it; it comes back only on the next submit. */
  const forget = (field: keyof Errors) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = KnowledgeTextSchema.safeParse({ title, text });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "title" ? "title" : "text";
        found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (doc) => {
        onAdded(doc);
        setOpen(false);
      },
      onError: (error) => {
        if (!handledAsSignedOut(queryClient, error))
          setErrors({ form: knowledgeFailureMessage(error, "The text could not be added. Try again.") });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button variant="outline" size="sm" onClick={() => onOpenChange(true)}>
        <ClipboardPaste aria-hidden /> Paste text
      </Button>
      <DialogContent title="Paste text" description="Text your agent should answer from, with a title to cite it by.">
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <Field id="knowledge-title" label="Title" error={errors.title}>
            <Input
              value={title}
              onChange={(e) => {
                setTitle(e.target.value);
                forget("title");
              }}
              maxLength={KNOWLEDGE_TITLE_MAX}
              placeholder="e.g. Shipping FAQ"
            />
          </Field>
          <Field id="knowledge-text" label="Text" error={errors.text}>
            <Textarea
              rows={8}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                forget("text");
              }}
            />
          </Field>
          {errors.form && (
            <p role="alert" className="text-sm text-red-600">
              {errors.form}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? "Adding..." : "Add text"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
