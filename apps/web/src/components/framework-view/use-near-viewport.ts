import {
  type RefCallback,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";

/** How far beyond the viewport (above and below, as a share of its height) blocks are kept rendered. */
const LOOKAHEAD = "75% 0px";

export interface NearViewport {
  /** Keys of the blocks to render; the others show as spacers. */
  shown: ReadonlySet<string>;
  /** The measured height of a block when it was last rendered. */
  measuredHeight(key: string): number | undefined;
  /** Ref for a block's element, observed while it is mounted. */
  observe(key: string): RefCallback<HTMLElement>;
}

/**
 * Which blocks of a long list are near the viewport. One IntersectionObserver watches every block's
 * element; a block is rendered while it is within the viewport or the lookahead around it, and becomes
 * a spacer of its measured height once it is far away, so the DOM stays bounded however long the
 * list is. A block that holds the keyboard focus stays rendered.
 */
export function useNearViewport(initiallyShown: () => Iterable<string>): NearViewport {
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set(initiallyShown()));
  // What the observer said last, per block; several reports may come before React renders again.
  const near = useRef<Set<string> | null>(null);
  near.current ??= new Set(shown);
  const rendered = useRef(shown);
  useLayoutEffect(() => {
    rendered.current = shown;
  }, [shown]);
  const heights = useRef(new Map<string, number>());
  const keys = useRef(new Map<Element, string>());
  const observer = useRef<IntersectionObserver | null>(null);
  const refs = useRef(new Map<string, RefCallback<HTMLElement>>());

  useEffect(() => {
    const watcher = new IntersectionObserver(
      (entries) => {
        const nearNow = near.current;
        if (!nearNow) return;
        let changed = false;
        for (const entry of entries) {
          const key = keys.current.get(entry.target);
          if (key === undefined || entry.isIntersecting === nearNow.has(key)) continue;
          if (entry.isIntersecting) nearNow.add(key);
          else {
            if (entry.target.contains(document.activeElement)) continue;
            if (rendered.current.has(key)) heights.current.set(key, entry.boundingClientRect.height);
            nearNow.delete(key);
          }
          changed = true;
        }
        // Rendering the next rows may wait for a frame; scrolling and typing must not.
        if (changed) startTransition(() => setShown(new Set(nearNow)));
      },
      { rootMargin: LOOKAHEAD },
    );
    observer.current = watcher;
    for (const element of keys.current.keys()) watcher.observe(element);
    return () => {
      watcher.disconnect();
      observer.current = null;
    };
  }, []);

  const observe = useCallback((key: string) => {
    let ref = refs.current.get(key);
    if (!ref) {
      ref = (element: HTMLElement | null) => {
        if (!element) return;
        keys.current.set(element, key);
        observer.current?.observe(element);
        return () => {
          keys.current.delete(element);
          observer.current?.unobserve(element);
        };
      };
      refs.current.set(key, ref);
    }
    return ref;
  }, []);

  const measuredHeight = useCallback((key: string) => heights.current.get(key), []);

  return { shown, measuredHeight, observe };
}
