/**
 * The API client (spec sections 7 and 8): every request sends cookies and JSON; any non-OK
 * answer becomes an ApiError whose message is "{status}: {body text or status text}".
 */
import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import type { ApiBodyArgs } from "../../contracts/api-request-bodies";
import type { ApiResponses } from "../../contracts/api-responses";
import type { ApiRoute, ApiRouteName } from "../../contracts/api-routes";
import type { ErrorCode } from "../../contracts/errors";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
  }

  /** The server's `{ message }`, when the body carried one. */
  get serverMessage(): string | null {
    const message = this.parsed()?.message;
    return typeof message === "string" ? message : null;
  }

  /** The refusal's stable code from the error catalogue (contracts/errors.ts), when the body carried one. */
  get code(): ErrorCode | null {
    const code = this.parsed()?.code;
    return typeof code === "string" ? (code as ErrorCode) : null;
  }

  private parsed(): Record<string, unknown> | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
}

/**
 * Sends one request to a route of the API table, `apiRoute(name, params, query)`
 * (contracts/api-routes.ts), with the body that route takes as JSON (typed by
 * contracts/api-request-bodies.ts; none where it takes none); answers what that route answers
 * (contracts/api-responses.ts), parsed, or null when the body is empty.
 */
export function apiRequest<N extends ApiRouteName>(
  route: ApiRoute<N>,
  ...[body]: ApiBodyArgs<N>
): Promise<ApiResponses[N]> {
  return send<ApiResponses[N]>(route.method, route.url, body);
}

async function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: body !== undefined ? { "Content-Type": "application/json" } : undefined,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The default read: GET the path formed by joining the query key's segments with "/" (a key
 * names the GET route that fills it, e.g. `["/api/agents", id]`).
 */
const defaultQueryFn: QueryFunction = ({ queryKey }) => send("GET", queryKey.join("/"));

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: 5 * 60 * 1000,
      gcTime: 30 * 60 * 1000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: {
      retry: false,
      onError: (error) => console.error("Mutation error:", error),
    },
  },
});
