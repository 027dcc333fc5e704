import { useMatches } from "react-router";

/** What a route tells the layouts about itself. */
export interface RouteHandle {
  /** Document title, without the product name. */
  title?: string;
  /** The platform tab (spec §2 tab index) this route belongs to. */
  tabIndex?: number;
  /** A page made for a large screen (the upload form): only there do phones see the mobile notice. */
  desktopOnly?: boolean;
}

/** The handle of the deepest matched route that sets `key`. */
export function useRouteHandle<K extends keyof RouteHandle>(key: K): RouteHandle[K] | undefined {
  const matches = useMatches();
  for (let position = matches.length - 1; position >= 0; position--) {
    const handle = matches[position]?.handle as RouteHandle | undefined;
    if (handle?.[key] !== undefined) return handle[key];
  }
  return undefined;
}
