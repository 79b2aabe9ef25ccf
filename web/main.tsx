import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { applyStoredTheme } from "./lib/theme";
import "./styles.css";

// Before the first render, so a person who chose a theme never sees the other one flash.
applyStoredTheme();

const RELOADED_FOR_STALE_CHUNK_AT = "agentdesk:reloaded-for-stale-chunk-at";

// Pages are separate chunks named by content hash, and a deploy replaces them: a tab opened
// before it asks for files that are gone when it moves to a page it has not shown yet. Reload
// once to fetch the new index.html; a second failure within a minute is a real error and
// reaches the error boundary.
window.addEventListener("vite:preloadError", (event) => {
  const reloadedAt = Number(sessionStorage.getItem(RELOADED_FOR_STALE_CHUNK_AT) ?? 0);
  if (Date.now() - reloadedAt < 60_000) return;
  sessionStorage.setItem(RELOADED_FOR_STALE_CHUNK_AT, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
