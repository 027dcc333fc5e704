import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type RowWindow, rowWindow } from "./virtual-rows";

/** Rows rendered beyond the visible part of the box, above and below, in pixels. */
const OVERSCAN = 320;

export interface VirtualRows extends RowWindow {
  /** Ref for the rendered row `index`, so that its real height replaces the estimate. */
  measure(index: number): (element: HTMLElement | null) => void;
}

/**
 * Renders only the rows of a long list that a scrolling box (`scroller`) shows, plus a margin. Until
 * the box has been laid out, the window assumes it is `initialHeight` pixels tall.
 */
export function useVirtualRows(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  estimatedRowHeight: number,
  initialHeight: number,
): VirtualRows {
  const [viewport, setViewport] = useState({ top: 0, height: initialHeight });
  const [, setMeasured] = useState(0);
  const heights = useRef<number[]>([]);
  const rendered = useRef(new Map<number, HTMLElement>());

  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      setViewport((current) =>
        current.top === box.scrollTop && current.height === box.clientHeight
          ? current
          : { top: box.scrollTop, height: box.clientHeight },
      );
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const resize = new ResizeObserver(onScroll);
    resize.observe(box);
    box.addEventListener("scroll", onScroll, { passive: true });
    update();
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      box.removeEventListener("scroll", onScroll);
    };
  }, [scroller]);

  const heightOf = (index: number) => heights.current[index] ?? estimatedRowHeight;
  const window = rowWindow(count, heightOf, viewport.top, viewport.height, OVERSCAN);

  // After each render: replace estimates by the heights the rendered rows really have.
  useLayoutEffect(() => {
    let changed = false;
    for (const [index, element] of rendered.current) {
      const height = element.offsetHeight;
      if (height > 0 && heights.current[index] !== height) {
        heights.current[index] = height;
        changed = true;
      }
    }
    if (changed) setMeasured((version) => version + 1);
  });

  const measure = useCallback(
    (index: number) => (element: HTMLElement | null) => {
      if (element) rendered.current.set(index, element);
      else rendered.current.delete(index);
    },
    [],
  );

  return { ...window, measure };
}
