/**
 * The route table of an app built in a test: method, URL, declared access and schema of
 * every route, as Fastify registered them. The security tests generate their cases from it,
 * so a route added to buildApp is covered (or refused for want of a decision) without anyone
 * editing a list.
 *
 * Fastify publishes each new instance on the `fastify.initialization` diagnostics channel
 * before any plugin or route is registered — the hook point APM tools use — so an `onRoute`
 * hook added there sees every route, including those of encapsulated plugins, without a
 * change to buildApp. Import this module before the app is built.
 */
import { type Access } from "../http/route-access.js";
import { subscribe } from "node:diagnostics_channel";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";

export interface RouteEntry {
  method: string;
  url: string;
  /** Undefined for routes that need no decision (health checks, static files). */
  access: Access | undefined;
  schema: FastifySchema | undefined;
  /** A WebSocket route: a plain request is not an upgrade, use `app.injectWS`. */
  websocket: boolean;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

subscribe("fastify.initialization", (message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  const table: RouteEntry[] = [];
  tables.set(fastify, table);
  fastify.addHook("onRoute", (route: RouteOptions) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    for (const method of [route.method].flat()) {
      const websocket = (route as { websocket?: boolean }).websocket === true;
      table.push({ method: method.toUpperCase(), url: route.url, access, schema: route.schema, websocket });
    }
  });
});

/**
 * Every route of `app`, in registration order. HEAD routes Fastify derives from GET routes
 * are left out: they share the GET route's options, so deciding the GET decides them.
 */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const table = tables.get(app);
  if (!table) throw new Error("no route table for this app: import route-table.ts before the app is built");
  const gets = new Set(table.filter((r) => r.method === "GET").map((r) => r.url));
  return table.filter((r) => !(r.method === "HEAD" && gets.has(r.url)));
}

export const routeKey = (route: { method: string; url: string }): string => `${route.method} ${route.url}`;
