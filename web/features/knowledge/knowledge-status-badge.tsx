import { Loader2 } from "lucide-react";
import type { KnowledgeDocument } from "../../../contracts/knowledge";
import { Badge } from "../../components/ui/badge";
import { passagesLabel } from "./knowledge-format";

const count = new Intl.NumberFormat();

/** Indexing N passages… (spinning; Processing before its passages are known), Ready · N passages, or Failed. */
export function KnowledgeStatusBadge({ doc }: { doc: KnowledgeDocument }) {
  if (doc.status === "processing") {
    return (
      <Badge variant="warning" className="gap-1">
        <Loader2 className="size-3 animate-spin" aria-hidden />{" "}
        {doc.chunks > 0
          ? `Indexing ${count.format(doc.chunks)} ${doc.chunks === 1 ? "passage" : "passages"}…`
          : "Processing"}
      </Badge>
    );
  }
  if (doc.status === "failed") return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="success">Ready · {passagesLabel(doc.chunks)}</Badge>;
}
