/**
 * The chat the widget and the public page show, built with plain DOM inside a Shadow DOM: a
 * launcher button that opens a panel (widget), or the panel alone filling the page (page mode).
 * The reply is revealed as it streams; citations are listed under the reply that made them.
 */
import type { Citation } from "../../../../contracts/knowledge.js";
import type { GuestSession, PublicAgent } from "../../../../contracts/publishing.js";
import type { GuestClient } from "./guest-client.js";
import { WIDGET_CSS } from "./widget-styles.js";

const CHAT_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export interface WidgetOptions {
  mode: "widget" | "page";
  agent: PublicAgent;
  client: GuestClient;
}

export function mountWidget(container: HTMLElement, { mode, agent, client }: WidgetOptions): void {
  const shadow = container.attachShadow({ mode: "open" });
  const style = element("style");
  style.textContent = WIDGET_CSS;
  const side = agent.themePosition === "bottom-left" ? "left" : "right";
  const root = element("div", { class: mode === "page" ? "root page" : "root" });
  root.style.setProperty("--accent", agent.themeColor);
  shadow.append(style, root);

  const panelId = "agentdesk-panel";
  const panel = element("section", { class: `panel ${side}`, id: panelId, "aria-label": `Chat with ${agent.name}` });
  const header = element("header");
  const avatar = element("div", { class: "avatar", "aria-hidden": "true" }, agent.name.slice(0, 1).toUpperCase());
  const who = element("div", { class: "who" });
  who.append(element(mode === "page" ? "h1" : "h2", {}, agent.name));
  if (agent.role) who.append(element("p", {}, agent.role));
  header.append(avatar, who);
  const log = element("div", { class: "log", role: "log", "aria-live": "polite", "aria-label": "Conversation" });
  const form = element("form");
  const inputId = "agentdesk-message";
  const label = element("label", { for: inputId, class: "sr" }, `Message ${agent.name}`);
  const input = element("textarea", { id: inputId, rows: "1", placeholder: "Type your message…", maxlength: "8000" });
  const send = element("button", { type: "submit", class: "send" }, "Send");
  form.append(label, input, send);
  panel.append(header, log, form);

  let launcher: HTMLButtonElement | null = null;
  if (mode === "widget") {
    launcher = element("button", {
      type: "button",
      class: `launcher ${side}`,
      "aria-label": `Chat with ${agent.name}`,
      "aria-expanded": "false",
      "aria-controls": panelId,
    });
    launcher.innerHTML = CHAT_ICON;
    const close = element("button", { type: "button", class: "close", "aria-label": "Close chat" }, "×");
    header.append(close);
    panel.hidden = true;
    const setOpen = (open: boolean) => {
      panel.hidden = !open;
      launcher!.setAttribute("aria-expanded", String(open));
      if (open) {
        void started();
        input.focus();
      } else launcher!.focus();
    };
    launcher.addEventListener("click", () => setOpen(panel.hidden === true));
    close.addEventListener("click", () => setOpen(false));
    panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape") setOpen(false);
    });
    root.append(launcher, panel);
  } else {
    root.append(panel);
  }

  const bubble = (role: "user" | "assistant" | "error", text: string) => {
    const node = element("div", { class: `msg ${role}` }, text);
    log.append(node);
    log.scrollTop = log.scrollHeight;
    return node;
  };

  let session: Promise<GuestSession> | null = null;
  const started = () => {
    session ??= client.session().then(
      (opened) => {
        bubble("assistant", opened.greeting || agent.greeting);
        for (const message of opened.messages) bubble(message.role, message.content);
        return opened;
      },
      (error: unknown) => {
        session = null;
        bubble("error", error instanceof Error ? error.message : "The chat could not start.");
        throw error;
      },
    );
    return session;
  };

  const citationsUnder = (node: HTMLElement, citations: Citation[]) => {
    if (citations.length === 0) return;
    const list = element("ol", { class: "sources", "aria-label": "Sources" });
    for (const citation of citations) {
      list.append(element("li", {}, citation.location ? `${citation.title}, ${citation.location}` : citation.title));
    }
    node.append(list);
  };

  const submit = async () => {
    const text = input.value.trim();
    if (!text || send.disabled) return;
    send.disabled = true;
    try {
      await started();
    } catch {
      send.disabled = false;
      return;
    }
    input.value = "";
    bubble("user", text);
    const reply = bubble("assistant", "");
    reply.classList.add("typing");
    reply.setAttribute("aria-busy", "true");
    let written = "";
    await client
      .send(text, {
        onDelta(delta) {
          written += delta;
          reply.textContent = written;
          log.scrollTop = log.scrollHeight;
        },
        onDone(done) {
          reply.textContent = done.response;
          citationsUnder(reply, done.citations ?? []);
        },
        onError(message) {
          if (!written) reply.remove();
          bubble("error", message);
        },
      })
      .catch(() => bubble("error", "The connection was lost. Please try again."));
    reply.classList.remove("typing");
    reply.removeAttribute("aria-busy");
    send.disabled = false;
    input.focus();
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  });
  if (mode === "page") void started();
}
