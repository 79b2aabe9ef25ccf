/** The signed-in user (spec section 4): 401 means signed out, any other failure is an error, no retry. */
import { apiUrl } from "../../contracts/api-routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "../../contracts/auth";

export const currentUserQuery = queryOptions({
  queryKey: ["/api/auth/user"],
  queryFn: async (): Promise<User | null> => {
    const res = await fetch(apiUrl("currentUser"), { credentials: "include" });
    if (res.status === 401) return null;
    if (!res.ok) throw new Error(`Auth check failed: ${res.status}`);
    return (await res.json()) as User;
  },
  retry: false,
});

export function useAuth() {
  const { data, isLoading, error } = useQuery(currentUserQuery);
  const user = data ?? null;
  return { user, isLoading, error, isAuthenticated: Boolean(user) && !error, isAdmin: Boolean(user?.isAdmin) };
}

export function initialsOf(user: Pick<User, "firstName" | "lastName" | "fullName" | "email">): string {
  const source = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.fullName || user.email;
  const letters = source
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "");
  return letters.join("") || "?";
}
