/**
 * Creating an agent (spec sections 2, 5 and 8): 'Validation Error' when name or gender is
 * missing (and each problem under its field, agent-field-errors.ts), the server's limit message when the company is full, 'Failed to create agent'
 * otherwise, and a redirect to the agents list 1 s after success — or, when knowledge files were
 * chosen in the form, to the new agent's page, where they upload (decision 52).
 */
import { useMutation } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import { useLocation } from "wouter";
import type { AgentCreate } from "../../../contracts/agents";
import { ApiError, apiRequest, queryClient } from "../../lib/api";
import { agentKeys } from "../../lib/agent-queries";
import { toast } from "../../lib/toast-store";
import { holdFilesForAgent } from "../knowledge/files-for-new-agent";
import { agentFieldErrors, hasFieldErrors, serverFieldErrors, type AgentFieldErrors } from "./agent-field-errors";

export const REDIRECT_AFTER_CREATE_MS = 1000;

/** `onFieldErrors` receives what to show under the form's fields, found before sending or refused by the server. */
export function useCreateAgent(onFieldErrors: (errors: AgentFieldErrors) => void = () => undefined) {
  const [, navigate] = useLocation();
  const mutation = useMutation({
    mutationFn: ({ input }: { input: AgentCreate; files: File[] }) => apiRequest(apiRoute("createAgent"), input),
    onSuccess: async ({ id }, { files }) => {
      holdFilesForAgent(id, files);
      const withFiles = files.length > 0;
      toast({
        title: "Agent created",
        description: withFiles
          ? "Your agent is ready. Taking you to its page to add its knowledge..."
          : "Your agent is ready. Taking you to your agents...",
      });
      await queryClient.invalidateQueries({ queryKey: agentKeys.all });
      await queryClient.invalidateQueries({ queryKey: ["/api/dashboard"] });
      setTimeout(() => navigate(withFiles ? `/agents/${id}` : "/agents"), REDIRECT_AFTER_CREATE_MS);
    },
    onError: (error) => {
      const limitReached = error instanceof ApiError && error.status === 409;
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) onFieldErrors(fieldErrors);
      toast({
        title: "Error",
        // A field's refusal is also written in the toast: the simple form does not show every field.
        description:
          (fieldErrors && Object.values(fieldErrors)[0]) ||
          (limitReached && error.serverMessage) ||
          "Failed to create agent",
        variant: "destructive",
      });
    },
  });

  /** Validates like the spec, then sends; returns false when nothing was sent. `files` wait for the agent. */
  function submit(input: Partial<AgentCreate>, files: File[] = []): boolean {
    const name = input.name?.trim();
    const errors = agentFieldErrors(input);
    if (!name || !input.gender || hasFieldErrors(errors)) {
      onFieldErrors(errors);
      toast({ title: "Validation Error", description: "Please fill in all required fields", variant: "destructive" });
      return false;
    }
    mutation.mutate({
      input: { ...input, name, gender: input.gender, description: input.description?.trim() || null },
      files,
    });
    return true;
  }

  return { submit, isPending: mutation.isPending, isSuccess: mutation.isSuccess };
}
