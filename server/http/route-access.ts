/**
 * What every route declares about who may call it, and the cookie that says who is asking. The
 * HTTP layer (the OpenAPI document, metrics, the page server) reads these declarations; the
 * identity layer (server/auth/guards.ts) enforces them. Kept here so the platform never reaches
 * up into auth for a constant.
 */
export type Access = "public" | "user" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Route options to spread into a route declaration: `api.get(url, { ...SIGNED_IN, schema }, …)`. */
export const PUBLIC = { config: { access: "public" as Access } };
export const SIGNED_IN = { config: { access: "user" as Access } };
export const ADMIN_ONLY = { config: { access: "admin" as Access } };

/** The session cookie's name (server/auth/sessions.ts issues and reads it). */
export const SESSION_COOKIE = "sid";
