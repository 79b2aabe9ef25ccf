import { Button } from "../../components/ui/button";
import type { useCreateAgent } from "./use-create-agent";

/** Submit for both create forms: busy while sending, and stays disabled during the redirect. */
export function CreateAgentButton({ create }: { create: ReturnType<typeof useCreateAgent> }) {
  return (
    <Button type="submit" disabled={create.isPending || create.isSuccess}>
      {create.isPending ? "Creating..." : "Create Agent"}
    </Button>
  );
}
