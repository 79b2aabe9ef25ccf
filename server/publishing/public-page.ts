/**
 * The public page /a/{slug} (issue 25): a small document that loads widget.js in page mode, so
 * the page and the widget are one chat and neither pulls in the signed-in app. An agent that is
 * not published gets a plain 404 page.
 */
import type { FastifyInstance } from "fastify";
import type { FeatureDeps } from "../feature-deps.js";
import { findPublishedAgentBySlug } from "./queries.js";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>html,body{margin:0;background:#fff;color:#111827;font-family:system-ui,sans-serif}@media (prefers-color-scheme:dark){html,body{background:#111827;color:#f9fafb}}.gone{max-width:32rem;margin:20vh auto;padding:0 1rem}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export function registerPublicPage(app: FastifyInstance, deps: FeatureDeps): void {
  app.get<{ Params: { slug: string } }>("/a/:slug", async (request, reply) => {
    const slug = request.params.slug.toLowerCase().slice(0, 100);
    const found = await findPublishedAgentBySlug(deps.db, slug);
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache");
    if (!found || !found.agent.isActive) {
      return reply
        .status(404)
        .send(
          document(
            "Not available",
            '<main class="gone"><h1>This agent is not available</h1><p>It may have been unpublished. Check the address, or ask the site that sent you here.</p></main>',
          ),
        );
    }
    const name = found.agent.name;
    return reply.send(
      document(
        `Chat with ${name}`,
        `<main><noscript><p class="gone">Chatting with ${escapeHtml(name)} needs JavaScript.</p></noscript></main>
<script src="/widget.js" data-agent="${escapeHtml(found.publishing.slug)}" data-mode="page" async></script>`,
      ),
    );
  });
}
