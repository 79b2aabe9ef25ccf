/**
 * The admin's policy for requests tools make from the server (issue 24): which hosts they may
 * reach and whether private networks are reachable at all. Host patterns are exact names
 * (`api.example.com`) or one leading wildcard label (`*.example.com`, which also matches
 * `example.com`'s subdomains but not `example.com` itself). An empty list allows any host whose
 * addresses are public.
 */
export interface OutboundPolicy {
  allowedHosts: string[];
  /** Loopback, private, link-local and reserved addresses: refused unless true. */
  allowPrivateNetworks: boolean;
}

/** Bounds of one outbound request. */
export interface OutboundLimits {
  /** The whole request, connect to last byte, redirects included. */
  timeoutMs: number;
  maxResponseBytes: number;
  maxRedirects: number;
  /** Media types accepted in a response (`application/json`, `text/*`); empty accepts any. */
  contentTypes: string[];
}

export const DEFAULT_OUTBOUND_LIMITS: OutboundLimits = {
  timeoutMs: 10_000,
  maxResponseBytes: 1_000_000,
  maxRedirects: 5,
  contentTypes: [],
};

export function hostAllowed(policy: OutboundPolicy, hostname: string): boolean {
  if (policy.allowedHosts.length === 0) return true;
  const host = hostname
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^\[|\]$/g, "");
  return policy.allowedHosts.some((pattern) => {
    const wanted = pattern.toLowerCase().trim();
    if (wanted.startsWith("*.")) return host.endsWith(wanted.slice(1)) && host.length > wanted.length - 1;
    return host === wanted;
  });
}

export function contentTypeAccepted(limits: OutboundLimits, contentType: string | undefined): boolean {
  if (limits.contentTypes.length === 0) return true;
  const mediaType = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return limits.contentTypes.some((accepted) =>
    accepted.endsWith("/*") ? mediaType.startsWith(accepted.slice(0, -1)) : mediaType === accepted,
  );
}
