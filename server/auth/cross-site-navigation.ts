/**
 * Whether a GET navigation was started by another site (an `<img src=/api/logout>` elsewhere).
 * Fetch Metadata decides when the browser sends it: only `same-origin` and `none` (typed or
 * bookmarked) are ours, and `same-site` is another origin too. Origin and Referer then catch
 * older browsers; a request with none of these headers (curl, old clients) counts as ours.
 */
import type { FastifyRequest } from "fastify";

const OUR_FETCH_SITES = new Set(["same-origin", "none"]);

export function isForeignNavigation(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && !OUR_FETCH_SITES.has(site)) return true;
  const { origin, referer } = request.headers;
  return [origin, referer].some((url) => url !== undefined && !isOurOrigin(url, request.host));
}

function isOurOrigin(url: string, host: string): boolean {
  try {
    return new URL(url).host === host;
  } catch {
    // "null" (a sandboxed or privacy-sensitive context) and garbage are not us.
    return false;
  }
}
