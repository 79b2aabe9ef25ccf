/**
 * Query keys, fetchers and mutations for an agent's knowledge, kept together (STYLE.md 6). The
 * key starts with the agent's own key, so invalidating the agent refreshes its knowledge too.
 */
import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiRoute, apiUrl } from "../../../contracts/api-routes";
import type { KnowledgeDocument, KnowledgeText } from "../../../contracts/knowledge";
import { apiRequest } from "../../lib/api";

/** How often the list is re-read while a document is still being processed. */
export const PROCESSING_POLL_MS = 2000;

export const knowledgeKeys = {
  list: (agentId: string) => ["/api/agents", agentId, "knowledge"] as const,
  uploads: ["/api/knowledge/uploads"] as const,
};

/** Where a file is uploaded to (upload-knowledge-file.ts sends it with its progress). */
export const knowledgeUploadUrl = (agentId: string) => apiUrl("addKnowledge", { id: agentId });

export const knowledgeListQuery = (agentId: string) =>
  queryOptions({
    queryKey: knowledgeKeys.list(agentId),
    queryFn: () => apiRequest(apiRoute("knowledge", { id: agentId })),
    // Poll only while something is processing: an idle page makes no requests.
    refetchInterval: (query) =>
      query.state.data?.some((doc) => doc.status === "processing") ? PROCESSING_POLL_MS : false,
  });

/** Where the caller's files are in the server's reading queue; polled while one of them is being processed. */
export const knowledgeUploadsQuery = (polling: boolean) =>
  queryOptions({
    queryKey: knowledgeKeys.uploads,
    queryFn: () => apiRequest(apiRoute("knowledgeUploads")),
    enabled: polling,
    refetchInterval: polling ? PROCESSING_POLL_MS : false,
  });

/** Puts a document the server just answered into the cached list (newest first), replacing its old copy. */
export function putDocument(queryClient: QueryClient, agentId: string, doc: KnowledgeDocument): void {
  queryClient.setQueryData<KnowledgeDocument[]>(knowledgeKeys.list(agentId), (list) =>
    list?.some((d) => d.id === doc.id) ? list.map((d) => (d.id === doc.id ? doc : d)) : [doc, ...(list ?? [])],
  );
}

export const pasteTextMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: (input: KnowledgeText) => apiRequest(apiRoute("addKnowledge", { id: agentId }), input),
    onSuccess: (doc) => putDocument(queryClient, agentId, doc),
  });

export const reindexMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: (documentId: string) => apiRequest(apiRoute("reindexKnowledge", { id: agentId, docId: documentId })),
    onSuccess: (doc) => putDocument(queryClient, agentId, doc),
  });

export const deleteDocumentMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: (documentId: string) => apiRequest(apiRoute("deleteKnowledge", { id: agentId, docId: documentId })),
    onSuccess: (_nothing, documentId) =>
      queryClient.setQueryData<KnowledgeDocument[]>(knowledgeKeys.list(agentId), (list) =>
        list?.filter((d) => d.id !== documentId),
      ),
  });
