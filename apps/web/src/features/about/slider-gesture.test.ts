import { describe, expect, it } from "vitest";
import { locksScroll, slideAfterDrag, slideForKey, slideWidth } from "./slider-gesture";

describe("slider gestures", () => {
  it("changes the slide only from a 100 px drag on", () => {
    expect(slideAfterDrag(2, -99, 6)).toBe(2);
    expect(slideAfterDrag(2, -100, 6)).toBe(3);
    expect(slideAfterDrag(2, 99, 6)).toBe(2);
    expect(slideAfterDrag(2, 100, 6)).toBe(1);
  });

  it("stays within the slides", () => {
    expect(slideAfterDrag(0, 300, 6)).toBe(0);
    expect(slideAfterDrag(5, -300, 6)).toBe(5);
  });

  it("locks page scrolling from a 20 px move on", () => {
    expect(locksScroll(19)).toBe(false);
    expect(locksScroll(-20)).toBe(true);
  });

  it("uses 440 px slides, 320 px in narrow windows", () => {
    expect(slideWidth(false)).toBe(440);
    expect(slideWidth(true)).toBe(320);
  });

  it("moves with the arrow, Home and End keys", () => {
    expect(slideForKey("ArrowRight", 0, 6)).toBe(1);
    expect(slideForKey("ArrowLeft", 0, 6)).toBe(0);
    expect(slideForKey("End", 0, 6)).toBe(5);
    expect(slideForKey("Home", 4, 6)).toBe(0);
    expect(slideForKey("Enter", 4, 6)).toBeUndefined();
  });
});
