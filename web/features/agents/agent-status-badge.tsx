import { Badge } from "../../components/ui/badge";

export function AgentStatusBadge({ isActive }: { isActive: boolean }) {
  return <Badge variant={isActive ? "success" : "muted"}>{isActive ? "Active" : "Inactive"}</Badge>;
}
