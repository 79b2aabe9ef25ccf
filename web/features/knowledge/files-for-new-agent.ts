/**
 * Files chosen in a create form before the agent exists: held here, in memory, from the moment
 * the agent is created until its page's Knowledge card takes them and uploads them (with
 * progress and per-file status, as files added on that page). Lost on a reload, like any file
 * picked but not yet sent.
 */
const held = new Map<string, File[]>();

export function holdFilesForAgent(agentId: string, files: File[]): void {
  if (files.length > 0) held.set(agentId, files);
}

/** The agent's held files, once: a second call (React's development double effects) gets none. */
export function takeHeldFiles(agentId: string): File[] {
  const files = held.get(agentId) ?? [];
  held.delete(agentId);
  return files;
}
