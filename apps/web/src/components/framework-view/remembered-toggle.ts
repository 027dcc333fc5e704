import { createContext, useContext, useState } from "react";

/** What was opened (a trend chart, a list's table), by key, for as long as the view lives. */
export type OpenedParts = Map<string, boolean>;

export const OpenedPartsContext = createContext<OpenedParts>(new Map());

/**
 * An open/closed state that outlives its component: rows far from the viewport are unmounted, and a
 * row that comes back shows what the reader had opened in it.
 */
export function useRememberedToggle(key: string, initiallyOpen: boolean): [boolean, () => void] {
  const opened = useContext(OpenedPartsContext);
  const [open, setOpen] = useState(() => opened.get(key) ?? initiallyOpen);
  const toggle = () => {
    opened.set(key, !open);
    setOpen(!open);
  };
  return [open, toggle];
}

/**
 * Remembered open/closed states of any number of parts (one per dataset shown, which the phone's
 * period switcher changes): whether a key is open, and a toggle that renders the component again.
 */
export function useRememberedOpenings(): [
  (key: string, initiallyOpen: boolean) => boolean,
  (key: string, initiallyOpen: boolean) => void,
] {
  const opened = useContext(OpenedPartsContext);
  const [, setChanges] = useState(0);
  const isOpen = (key: string, initiallyOpen: boolean) => opened.get(key) ?? initiallyOpen;
  const toggle = (key: string, initiallyOpen: boolean) => {
    opened.set(key, !isOpen(key, initiallyOpen));
    setChanges((count) => count + 1);
  };
  return [isOpen, toggle];
}
