/**
 * Rows stay where the admin saw them. The server lists pending users first, so approving one
 * moved its row (and the next row slid under the pointer, one click from a wrong Approve or
 * Deny). A view keeps the order it first showed: rows that come back stay put, rows that are
 * gone leave, and new rows (a live sign-up) go on top, where the server's pending-first order
 * would put them. Another search or page starts from the server's order again.
 */
import { useState } from "react";

/** The ids to show, given those already shown and the server's latest answer. */
export function keepShownOrder(shown: readonly string[], incoming: readonly string[]): string[] {
  const present = new Set(incoming);
  const known = new Set(shown);
  const added = incoming.filter((id) => !known.has(id));
  return [...added, ...shown.filter((id) => present.has(id))];
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** `items` in the order this view first showed them; `viewKey` names the view (search and page). */
export function useShownOrder<T extends { id: string }>(items: T[], viewKey: string): T[] {
  const incoming = items.map((item) => item.id);
  const [memory, setMemory] = useState({ viewKey, order: incoming });
  const order = memory.viewKey === viewKey ? keepShownOrder(memory.order, incoming) : incoming;
  // React's "adjust state while rendering": remembered before paint, and idempotent, so it settles.
  if (memory.viewKey !== viewKey || !sameIds(order, memory.order)) setMemory({ viewKey, order });
  const byId = new Map(items.map((item) => [item.id, item]));
  return order.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
}
