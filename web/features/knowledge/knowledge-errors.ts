/**
 * What a failed knowledge call tells the person: the server's own `{ message }` when it sent
 * one (it says what to do), a plain fallback otherwise. A 401 means the session ended: the auth
 * gate re-checks and shows the spec's 'Unauthorized' redirect (as the chat does).
 */
import type { QueryClient } from "@tanstack/react-query";
import { ApiError, isUnauthorized } from "../../lib/api";
import { currentUserQuery } from "../../lib/auth";

export function knowledgeFailureMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** True when the failure was a signed-out session (and the auth gate has been told). */
export function handledAsSignedOut(queryClient: QueryClient, error: unknown): boolean {
  if (!isUnauthorized(error)) return false;
  void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
  return true;
}
