/**
 * Browser-facing protections: security headers on every answer, and a refusal of
 * state-changing requests that come from another site (Origin / Sec-Fetch-Site check).
 */
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
    if (STATE_CHANGING.has(request.method) && isCrossSite(request)) {
      return reply.status(403).send({ message: "Cross-site request refused" });
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
