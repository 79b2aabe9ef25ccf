/**
 * Status changes for screen readers: a short list of recent sentences for a polite live region.
 * Appending (rather than replacing one text) lets two files finishing together both be heard.
 */
import { useCallback, useState } from "react";

const KEPT = 4;

export interface Announcement {
  id: number;
  text: string;
}

let nextId = 0;

export function useAnnouncements() {
  const [announcements, setAnnouncements] = useState<Announcement[]>([]);
  const announce = useCallback((text: string) => {
    nextId += 1;
    const id = nextId;
    setAnnouncements((list) => [...list, { id, text }].slice(-KEPT));
  }, []);
  return { announcements, announce };
}
