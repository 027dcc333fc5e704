/** Slider constants of spec §9 and the decisions a drag leads to. */
export const SLIDE_CHANGE_DRAG_PX = 100;
export const SCROLL_LOCK_MOVE_PX = 20;
export const SLIDE_WIDTH_PX = 440;
export const NARROW_SLIDE_WIDTH_PX = 320;
export const NARROW_WINDOW_QUERY = "(max-width: 768px)";

export const slideWidth = (narrowWindow: boolean) => (narrowWindow ? NARROW_SLIDE_WIDTH_PX : SLIDE_WIDTH_PX);

export const clampSlide = (index: number, count: number) => Math.min(Math.max(index, 0), count - 1);

/** Once a horizontal drag passes 20 px the page stops scrolling, so the drag moves only the slider. */
export const locksScroll = (dragX: number) => Math.abs(dragX) >= SCROLL_LOCK_MOVE_PX;

/** Dragging left by 100 px or more shows the next slide, dragging right the previous one. */
export function slideAfterDrag(index: number, dragX: number, count: number): number {
  if (dragX <= -SLIDE_CHANGE_DRAG_PX) return clampSlide(index + 1, count);
  if (dragX >= SLIDE_CHANGE_DRAG_PX) return clampSlide(index - 1, count);
  return index;
}

export function slideForKey(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case "ArrowLeft":
      return clampSlide(index - 1, count);
    case "ArrowRight":
      return clampSlide(index + 1, count);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return undefined;
  }
}
