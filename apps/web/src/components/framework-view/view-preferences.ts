import { useEffect, useState } from "react";

const COMPACT_KEY = "openverde.frameworkTables.compact";

function storedCompact(): boolean {
  try {
    return window.localStorage.getItem(COMPACT_KEY) === "true";
  } catch {
    return false;
  }
}

/**
 * Whether framework tables show values only (compact) or with quality, source and comment under each
 * (full). The reader's choice is remembered in this browser for every framework table.
 */
export function useCompactTables(): [boolean, (compact: boolean) => void] {
  const [compact, setCompact] = useState(storedCompact);
  const choose = (next: boolean) => {
    setCompact(next);
    try {
      window.localStorage.setItem(COMPACT_KEY, String(next));
    } catch {
      // Storage refused (private mode): the choice holds for this page only.
    }
  };
  return [compact, choose];
}

/** Phone widths, where a table shows one reporting period at a time. */
export const NARROW_SCREEN = "(max-width: 40rem)";

/** Whether the screen is as narrow as a phone's; follows rotation and resizing. */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW_SCREEN).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW_SCREEN);
    const follow = () => setNarrow(query.matches);
    follow();
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);
  return narrow;
}
