/**
 * Queries and mutations of the admin user page's people actions: make or unmake an admin,
 * what deleting a user involves, delete. Keys start with the API path (STYLE.md 6), so the
 * user lists, stats and audit are refreshed by prefix afterwards.
 */
import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import type { DeleteUserInput } from "../../../contracts/admin";
import { adminKeys } from "../../lib/admin-queries";
import { apiRequest } from "../../lib/api";

export const userDeletionPlanQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.user(id), "deletion"] as const,
    queryFn: () => apiRequest(apiRoute("userDeletionPlan", { id })),
    staleTime: 0,
  });

function refreshPeople(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: adminKeys.users });
  void queryClient.invalidateQueries({ queryKey: adminKeys.companies });
  void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
  void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
}

export const setAdminMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: ({ id, isAdmin }: { id: string; isAdmin: boolean }) =>
      apiRequest(apiRoute("setAdmin", { id }), { isAdmin }),
    onSettled: () => refreshPeople(queryClient),
  });

export const deleteUserMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: ({ id, input }: { id: string; input: DeleteUserInput }) =>
      apiRequest(apiRoute("deleteUser", { id }), input),
    onSettled: () => refreshPeople(queryClient),
  });
