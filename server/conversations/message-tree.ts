/**
 * The active path and each message's versions over rows already read (the same rule as
 * message-tree-sql.ts, which the turn uses inside its statements): up from the chosen message
 * to a first message, then down through the newest child at each step. Pure, so unit tested.
 */

export interface TreeRow {
  id: string;
  parentId: string | null;
  createdAt: Date;
}

/** A message with its versions: itself and its siblings (same parent and role), oldest first. */
export interface Versioned<T> {
  row: T;
  siblingIds: string[];
}

/** Children of each parent ("" for first messages), oldest first; `rows` in any order. */
function childrenOf<T extends TreeRow>(rows: readonly T[]): Map<string, T[]> {
  const sorted = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  const children = new Map<string, T[]>();
  for (const row of sorted) {
    const key = row.parentId ?? "";
    const list = children.get(key);
    if (list) list.push(row);
    else children.set(key, [row]);
  }
  return children;
}

/** The versions of `row`: the children of its parent that share its role (a reply's alternatives, an edit's originals). */
function siblingIdsOf<T extends TreeRow & { role: string }>(row: T, children: Map<string, T[]>): string[] {
  return (children.get(row.parentId ?? "") ?? []).filter((other) => other.role === row.role).map((other) => other.id);
}

/** The conversation as the person sees it: the active path, oldest first, each message with its versions. */
export function activePath<T extends TreeRow & { role: string }>(
  rows: readonly T[],
  activeMessageId: string | null,
): Versioned<T>[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = childrenOf(rows);
  const chosen = (activeMessageId ? byId.get(activeMessageId) : undefined) ?? children.get("")?.at(-1);
  if (!chosen) return [];
  const seen = new Set<string>([chosen.id]);
  const up: T[] = [];
  for (let row = chosen.parentId ? byId.get(chosen.parentId) : undefined; row && !seen.has(row.id);) {
    seen.add(row.id);
    up.push(row);
    row = row.parentId ? byId.get(row.parentId) : undefined;
  }
  const path = [...up.reverse(), chosen];
  for (let row = children.get(chosen.id)?.at(-1); row && !seen.has(row.id); row = children.get(row.id)?.at(-1)) {
    seen.add(row.id);
    path.push(row);
  }
  return path.map((row) => ({ row, siblingIds: siblingIdsOf(row, children) }));
}

/** Every message in stored order, each with its versions: the admin's whole record of a conversation. */
export function allVersions<T extends TreeRow & { role: string }>(rows: readonly T[]): Versioned<T>[] {
  const children = childrenOf(rows);
  return [...rows]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    .map((row) => ({ row, siblingIds: siblingIdsOf(row, children) }));
}
