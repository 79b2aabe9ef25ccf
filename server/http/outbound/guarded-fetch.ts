/**
 * The one way a tool reaches out from the server (issue 24; ARCHITECTURE.md, "outbound calls from
 * tools go through one guarded client"). Every request is held to the admin's policy:
 *
 * - the host must be allowed by name, on the first request and on every redirect (redirects are
 *   followed here, one hop at a time, never by the HTTP client);
 * - the address actually connected to must be public unless private networks are allowed. The
 *   check runs inside the connection's own DNS lookup, on the very addresses the socket then
 *   uses, so a name that resolves to a public address when asked and to 127.0.0.1 a moment later
 *   (DNS rebinding) cannot slip through; IP literals, which skip the lookup, are checked first;
 * - the whole request is bounded in time, the body in bytes, the media type by the limits.
 *
 * A refusal is an `OutboundRefused` with a reason a person can read; nothing is sent to a host
 * the policy does not allow.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { Agent, request, type Dispatcher } from "undici";
import { isNonPublicAddress } from "./outbound-addresses.js";
import { contentTypeAccepted, hostAllowed, type OutboundLimits, type OutboundPolicy } from "./outbound-policy.js";

export type OutboundRefusal =
  "scheme" | "host-not-allowed" | "private-address" | "too-many-redirects" | "timeout" | "too-large" | "content-type";

export class OutboundRefused extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    message: string,
  ) {
    super(message);
    this.name = "OutboundRefused";
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Name → addresses. Tests hand in a resolver they control; the default asks the system. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** What tests (and a future setting) may change of outbound calls: the resolver the guard asks, and their bounds. */
export interface OutboundOptions {
  resolve?: Resolver;
  limits?: OutboundLimits;
}

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export interface OutboundRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The caller's own end (a turn abandoned); the limits' timeout applies as well. */
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  contentType: string | undefined;
  /** The final answer's headers, single-valued (an MCP server's session id travels in one). */
  headers: Record<string, string>;
  body: Buffer;
}

export interface GuardedFetch {
  (request: OutboundRequest): Promise<OutboundResponse>;
  close(): Promise<void>;
}

function guardedLookup(policy: OutboundPolicy, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find(({ address }) => !policy.allowPrivateNetworks && isNonPublicAddress(address));
        if (addresses.length === 0 || refused) {
          const error = new OutboundRefused(
            "private-address",
            `${hostname} resolves to ${refused?.address ?? "no address"}, which tools may not reach`,
          );
          return callback(error as NodeJS.ErrnoException, "", 0);
        }
        if (options.all) return (callback as unknown as (e: null, all: ResolvedAddress[]) => void)(null, addresses);
        const wanted = options.family === 6 ? 6 : options.family === 4 ? 4 : undefined;
        const chosen = addresses.find(({ family }) => wanted === undefined || family === wanted) ?? addresses[0];
        callback(null, chosen.address, chosen.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

/** Refusals that need no connection: the scheme, the host's name, an IP literal's range. */
function checkTarget(url: URL, policy: OutboundPolicy): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundRefused("scheme", `Only http and https are allowed, not ${url.protocol}`);
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  if (!hostAllowed(policy, hostname)) {
    throw new OutboundRefused("host-not-allowed", `${hostname} is not among the hosts tools may reach`);
  }
  if (isIP(hostname) !== 0 && !policy.allowPrivateNetworks && isNonPublicAddress(hostname)) {
    throw new OutboundRefused("private-address", `${hostname} is an address tools may not reach`);
  }
}

function refusalIn(error: unknown): OutboundRefused | null {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof OutboundRefused) return cause;
  }
  return null;
}

function singleValued(headers: Dispatcher.ResponseData["headers"]): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

async function readCapped(body: Dispatcher.ResponseData["body"], maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      body.destroy();
      throw new OutboundRefused("too-large", `The answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function createGuardedFetch(
  policy: OutboundPolicy,
  limits: OutboundLimits,
  resolve: Resolver = systemResolver,
): GuardedFetch {
  const dispatcher = new Agent({ connect: { lookup: guardedLookup(policy, resolve) } });

  const fetchOnce = async (outbound: OutboundRequest, signal: AbortSignal): Promise<OutboundResponse> => {
    let url = new URL(outbound.url);
    let method = (outbound.method ?? "GET").toUpperCase();
    let body = outbound.body;
    for (let hop = 0; ; hop += 1) {
      checkTarget(url, policy);
      let answer: Dispatcher.ResponseData;
      try {
        answer = await request(url, {
          dispatcher,
          method: method as Dispatcher.HttpMethod,
          headers: outbound.headers,
          body,
          signal,
        });
      } catch (error) {
        throw refusalIn(error) ?? error;
      }
      const location = answer.headers.location;
      if (answer.statusCode >= 300 && answer.statusCode < 400 && typeof location === "string") {
        // Read off (bounded by undici), not destroyed: an unread body destroyed is an "aborted" error nobody hears.
        await answer.body.dump().catch(() => undefined);
        if (hop >= limits.maxRedirects) {
          throw new OutboundRefused("too-many-redirects", `More than ${limits.maxRedirects} redirects`);
        }
        url = new URL(location, url);
        // 303, and 301/302 after a POST, become a GET without a body, as browsers do.
        if (
          answer.statusCode === 303 ||
          ((answer.statusCode === 301 || answer.statusCode === 302) && method === "POST")
        ) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      const contentType = answer.headers["content-type"];
      const type = Array.isArray(contentType) ? contentType[0] : contentType;
      if (!contentTypeAccepted(limits, type)) {
        // Read off (bounded by undici), not destroyed: an unread body destroyed is an "aborted" error nobody hears.
        await answer.body.dump().catch(() => undefined);
        throw new OutboundRefused("content-type", `The answer's type ${type ?? "(none)"} is not accepted`);
      }
      return {
        status: answer.statusCode,
        url: url.toString(),
        contentType: type,
        headers: singleValued(answer.headers),
        body: await readCapped(answer.body, limits.maxResponseBytes),
      };
    }
  };

  const guardedFetch = (async (outbound: OutboundRequest) => {
    const deadline = AbortSignal.timeout(limits.timeoutMs);
    const signal = outbound.signal ? AbortSignal.any([deadline, outbound.signal]) : deadline;
    try {
      return await fetchOnce(outbound, signal);
    } catch (error) {
      if (deadline.aborted && !(error instanceof OutboundRefused)) {
        throw new OutboundRefused("timeout", `No complete answer within ${limits.timeoutMs} ms`);
      }
      throw error;
    }
  }) as GuardedFetch;
  guardedFetch.close = () => dispatcher.close();
  return guardedFetch;
}
