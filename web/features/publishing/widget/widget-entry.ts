/**
 * widget.js: `<script src="https://HOST/widget.js" data-agent="SLUG" async></script>` adds a
 * launcher and a chat panel to the host page; the public page /a/{slug} loads the same script
 * with data-mode="page". Plain DOM, no framework: the budget is 30 kB gzipped (bench/widget).
 * An agent that is not published, or a site not among its allowed origins, gets nothing drawn.
 */
import { GuestClient } from "./guest-client.js";
import { mountWidget } from "./widget-view.js";

async function boot(script: HTMLScriptElement): Promise<void> {
  const slug = script.dataset.agent;
  if (!slug) return console.warn('[agentdesk] widget.js needs data-agent="your-agent-slug"');
  const host = new URL(script.src, location.href).origin;
  const client = new GuestClient(host, slug);
  const agent = await client.agent();
  if (!agent) return console.warn(`[agentdesk] agent "${slug}" is not published for ${location.origin}`);
  const mode = script.dataset.mode === "page" ? "page" : "widget";
  const container = document.createElement("div");
  container.setAttribute("data-agentdesk-widget", slug);
  (mode === "page" ? (document.querySelector("main") ?? document.body) : document.body).append(container);
  mountWidget(container, { mode, agent, client });
}

const current = document.currentScript;
if (current instanceof HTMLScriptElement) void boot(current);
