import type { ApprovalStatus } from "../../../contracts/auth";
import { Badge } from "../../components/ui/badge";
import { capitalize } from "../../lib/admin-format";

const VARIANT = { pending: "warning", approved: "success", denied: "destructive" } as const;

export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  return <Badge variant={VARIANT[status]}>{capitalize(status)}</Badge>;
}
