/**
 * Focus goes back to whatever opened a dialog when it closes (WCAG 2.4.3). Radix does this only
 * for its own Trigger; most of our dialogs are opened from a plain button (a card's Delete, the
 * sidebar's Report Issue, the chat's Conversations), where Radix would leave focus on <body>
 * and a keyboard user back at the top of the page.
 *
 * The opener is whatever held focus when the dialog took it. When the opener has gone (Report
 * Issue inside the phone menu, which closes as the dialog opens), `fallback` names where to go.
 */
import { useRef } from "react";

type AutoFocusEvent = { preventDefault(): void; defaultPrevented: boolean };

export function useReturnFocus(fallback?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus() {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus(event: AutoFocusEvent) {
      if (event.defaultPrevented) return;
      const target = opener.current?.isConnected ? opener.current : fallback?.();
      opener.current = null;
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}
