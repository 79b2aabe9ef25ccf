/**
 * Browser-facing protections: security headers on every answer, and a refusal of
 * state-changing requests that come from another site (Origin / Sec-Fetch-Site check).
 */
import { errorBody } from "../../contracts/errors.js";
import type { FastifyInstance, FastifyRequest } from "fastify";

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // onnxruntime (voice activity detector) and espeak compile WebAssembly in the browser.
  "script-src 'self' 'wasm-unsafe-eval'",
  // Radix positions popovers with inline styles.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "connect-src 'self' ws: wss: data: blob:",
  "worker-src 'self' blob:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Routes a published agent's guests call from the sites that embed it (server/publishing/public-routes.ts). */
export const PUBLIC_CHANNEL_PREFIX = "/api/public/";
/**
 * The OpenAI-compatible API (server/publishing/openai-api/): a bearer key, never a cookie, so another site's
 * page gains nothing a request of its own would not — and its refusals must keep OpenAI's shape.
 */
const OPENAI_API_PREFIX = "/v1/";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function registerSecurity(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("X-Frame-Options", "DENY");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    reply.header("Permissions-Policy", "camera=(), geolocation=(), microphone=(self)");
    reply.header("X-Request-Id", request.id);
    // Public channels (issue 25) are called from other sites on purpose and check the origin themselves.
    const crossSiteAllowed = request.url.startsWith(PUBLIC_CHANNEL_PREFIX) || request.url.startsWith(OPENAI_API_PREFIX);
    if (STATE_CHANGING.has(request.method) && !crossSiteAllowed && isCrossSite(request)) {
      return reply.status(403).send(errorBody("CROSS_SITE_REFUSED"));
    }
  });
}

/** Browsers always send Origin on cross-site POSTs; non-browser clients (curl, tests) send none. */
function isCrossSite(request: FastifyRequest): boolean {
  if (request.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}
