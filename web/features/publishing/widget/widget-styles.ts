/**
 * The widget's styles, inside its Shadow DOM: the host page's CSS cannot reach in, and these
 * cannot reach out. `--accent` comes from the publishing settings; light and dark follow the
 * visitor's system setting.
 */
export const WIDGET_CSS = `
:host { all: initial; }
* { box-sizing: border-box; }
.root { --bg:#ffffff; --fg:#111827; --muted:#4b5563; --line:#d1d5db; --bubble:#f3f4f6; --on-accent:#ffffff;
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); }
@media (prefers-color-scheme: dark) {
  .root { --bg:#111827; --fg:#f9fafb; --muted:#d1d5db; --line:#374151; --bubble:#1f2937; }
}
.launcher { position: fixed; bottom: 20px; width: 56px; height: 56px; border-radius: 50%; border: 0;
  background: var(--accent); color: var(--on-accent); cursor: pointer; box-shadow: 0 4px 14px rgba(0,0,0,.25);
  display: grid; place-items: center; z-index: 2147483000; }
.launcher svg { width: 26px; height: 26px; }
.right { right: 20px; } .left { left: 20px; }
button:focus-visible, textarea:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.panel { position: fixed; bottom: 88px; width: min(380px, calc(100vw - 24px)); height: min(560px, calc(100vh - 112px));
  background: var(--bg); color: var(--fg); border: 1px solid var(--line); border-radius: 14px;
  box-shadow: 0 12px 32px rgba(0,0,0,.25); display: flex; flex-direction: column; overflow: hidden; z-index: 2147483000; }
.panel.right { right: 12px; } .panel.left { left: 12px; }
.page .panel { position: static; width: 100%; max-width: 760px; height: 100vh; height: 100dvh; margin: 0 auto;
  border-radius: 0; border-width: 0 1px; box-shadow: none; }
.page { background: var(--bg); min-height: 100vh; }
header { display: flex; align-items: center; gap: 10px; padding: 12px 14px; border-bottom: 1px solid var(--line); }
.avatar { width: 36px; height: 36px; border-radius: 50%; background: var(--accent); color: var(--on-accent);
  display: grid; place-items: center; font-weight: 700; flex: none; }
.who { flex: 1; min-width: 0; }
.who h1, .who h2 { margin: 0; font-size: 16px; font-weight: 650; overflow-wrap: anywhere; }
.who p { margin: 0; font-size: 13px; color: var(--muted); }
.close { background: none; border: 0; color: var(--fg); font-size: 22px; width: 40px; height: 40px; cursor: pointer; border-radius: 8px; }
.log { flex: 1; overflow-y: auto; padding: 14px; display: flex; flex-direction: column; gap: 10px; }
.msg { max-width: 85%; padding: 9px 12px; border-radius: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.assistant { background: var(--bubble); align-self: flex-start; }
.user { background: var(--accent); color: var(--on-accent); align-self: flex-end; }
.error { border: 1px solid #b91c1c; color: inherit; align-self: stretch; max-width: none; }
.sources { margin: 6px 0 0; padding: 0 0 0 18px; font-size: 13px; color: var(--muted); }
.typing::after { content: "▍"; animation: blink 1s steps(1) infinite; }
@keyframes blink { 50% { opacity: 0; } }
@media (prefers-reduced-motion: reduce) { .typing::after { animation: none; } }
form { display: flex; gap: 8px; padding: 10px; border-top: 1px solid var(--line); }
textarea { flex: 1; resize: none; min-height: 44px; max-height: 120px; padding: 10px; border-radius: 10px;
  border: 1px solid var(--line); background: var(--bg); color: var(--fg); font: inherit; }
.send { min-width: 64px; min-height: 44px; border: 0; border-radius: 10px; background: var(--accent); color: var(--on-accent);
  font: inherit; font-weight: 600; cursor: pointer; }
.send:disabled { opacity: .6; cursor: default; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
[hidden] { display: none !important; }
`;
