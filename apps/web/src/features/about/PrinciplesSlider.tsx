import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { useMediaQuery } from "../../lib/use-media-query";
import { principles } from "./principles";
import {
  clampSlide,
  locksScroll,
  NARROW_WINDOW_QUERY,
  slideAfterDrag,
  slideForKey,
  slideWidth,
} from "./slider-gesture";
import "./PrinciplesSlider.css";

const SLIDE_GAP_PX = 24;

interface Drag {
  pointerId: number;
  startX: number;
  dragX: number;
  locked: boolean;
}

export function PrinciplesSlider() {
  const count = principles.length;
  const width = slideWidth(useMediaQuery(NARROW_WINDOW_QUERY));
  const [index, setIndex] = useState(0);
  const [dragX, setDragX] = useState(0);
  const drag = useRef<Drag | null>(null);
  const viewport = useRef<HTMLElement>(null);

  useEffect(() => {
    // Touch scrolling can only be stopped from a non-passive listener, which React does not offer.
    const element = viewport.current;
    if (!element) return;
    const stopScrollWhileDragging = (event: TouchEvent) => {
      if (drag.current?.locked && event.cancelable) event.preventDefault();
    };
    element.addEventListener("touchmove", stopScrollWhileDragging, { passive: false });
    return () => element.removeEventListener("touchmove", stopScrollWhileDragging);
  }, []);

  const goTo = (next: number) => setIndex(clampSlide(next, count));

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, dragX: 0, locked: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    current.dragX = event.clientX - current.startX;
    if (!current.locked && locksScroll(current.dragX)) {
      current.locked = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    if (current.locked) setDragX(current.dragX);
  };

  const endDrag = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setIndex((shown) => slideAfterDrag(shown, current.dragX, count));
    setDragX(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = slideForKey(event.key, index, count);
    if (next === undefined) return;
    event.preventDefault();
    goTo(next);
  };

  const offset = -index * (width + SLIDE_GAP_PX) + dragX;
  const dragging = dragX !== 0;

  return (
    <div className="principles-slider">
      <section
        ref={viewport}
        className={dragging ? "principles-slider__viewport is-dragging" : "principles-slider__viewport"}
        aria-roledescription="carousel"
        aria-label="Our principles. Use the left and right arrow keys to move between them."
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the carousel takes focus so arrow keys can move it
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <ol
          className="principles-slider__track"
          aria-live="polite"
          style={{ transform: `translateX(${offset}px)`, gap: `${SLIDE_GAP_PX}px` }}
        >
          {principles.map((principle, position) => (
            <li
              key={principle.title}
              className={position === index ? "principle-card is-current" : "principle-card"}
              style={{ width: `${width}px` }}
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${count}: ${principle.title}`}
              aria-current={position === index ? "true" : undefined}
            >
              <span className="principle-card__index" aria-hidden="true">
                {String(position + 1).padStart(2, "0")}
              </span>
              <h3>{principle.title}</h3>
              <p>{principle.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <div className="principles-slider__controls">
        <button
          type="button"
          className="principles-slider__arrow"
          aria-label="Previous principle"
          disabled={index === 0}
          onClick={() => goTo(index - 1)}
        >
          <i className="pi pi-arrow-left" aria-hidden="true" />
        </button>
        <span className="principles-slider__position" aria-hidden="true">
          {String(index + 1).padStart(2, "0")} / {String(count).padStart(2, "0")}
        </span>
        <button
          type="button"
          className="principles-slider__arrow"
          aria-label="Next principle"
          disabled={index === count - 1}
          onClick={() => goTo(index + 1)}
        >
          <i className="pi pi-arrow-right" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
