import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";

/**
 * The principles slider on /about (spec §2 and §9): arrows, keyboard, drag thresholds (100 px changes
 * the slide, 20 px locks page scrolling) and slide widths at both sides of the 768 px breakpoint.
 * Motion is reduced so that positions can be read without waiting for transitions.
 */
describe.skipIf(!hasChromium)("the principles slider on the about page", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function aboutPage(width: number, options: { hasTouch?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({
      baseURL: e2eBaseUrl(),
      viewport: { width, height: 900 },
      reducedMotion: "reduce",
      hasTouch: options.hasTouch ?? false,
    });
    const page = await context.newPage();
    await page.goto("/about");
    await slides(page).first().waitFor();
    return page;
  }

  const carousel = (page: Page) => page.getByRole("region", { name: /Our principles/ });
  const slides = (page: Page) => carousel(page).locator("li[aria-roledescription=slide]");

  /** The current slide's label, e.g. "2 of 6: Disclosure". */
  const currentSlide = (page: Page) =>
    carousel(page).locator("li[aria-current=true]").getAttribute("aria-label");

  async function expectCurrent(page: Page, label: RegExp) {
    await expect.poll(() => currentSlide(page)).toMatch(label);
  }

  async function boxOf(locator: Locator) {
    const box = await locator.boundingBox();
    if (!box) throw new Error("The element is not on screen.");
    return box;
  }

  /** The middle of an element, scrolled into view first so that pointer input can reach it. */
  async function center(locator: Locator) {
    await locator.scrollIntoViewIfNeeded();
    const box = await boxOf(locator);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** A mouse drag across the slider by `dx` pixels, in small steps as a hand would move. */
  async function mouseDrag(page: Page, dx: number) {
    const start = await center(carousel(page));
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + dx, start.y, { steps: 10 });
    await page.mouse.up();
  }

  it("shows six principles with two-digit indexes, starting at the first", async () => {
    const page = await aboutPage(1280);
    await expect(slides(page).count()).resolves.toBe(6);
    await expect(slides(page).locator(".principle-card__index").allTextContents()).resolves.toEqual([
      "01",
      "02",
      "03",
      "04",
      "05",
      "06",
    ]);
    await expect(slides(page).locator("h3").allTextContents()).resolves.toEqual([
      "Integrity",
      "Disclosure",
      "Transparency",
      "Accountability",
      "Neutrality",
      "Collaboration",
    ]);
    await expectCurrent(page, /^1 of 6: Integrity$/);
  });

  it("moves with the previous and next arrows, which stop at either end", async () => {
    const page = await aboutPage(1280);
    const previous = page.getByRole("button", { name: "Previous principle" });
    const next = page.getByRole("button", { name: "Next principle" });
    await expect(previous.isDisabled()).resolves.toBe(true);

    await next.click();
    await expectCurrent(page, /^2 of 6/);
    await next.click();
    await expectCurrent(page, /^3 of 6/);
    await previous.click();
    await expectCurrent(page, /^2 of 6/);

    for (let step = 0; step < 4; step++) await next.click();
    await expectCurrent(page, /^6 of 6: Collaboration/);
    await expect(next.isDisabled()).resolves.toBe(true);
  });

  it("brings the current slide into view", async () => {
    const page = await aboutPage(1280);
    const viewport = await boxOf(carousel(page));
    await page.getByRole("button", { name: "Next principle" }).click();
    await page.getByRole("button", { name: "Next principle" }).click();
    await expectCurrent(page, /^3 of 6/);
    const shown = await boxOf(slides(page).nth(2));
    expect(shown.x).toBeGreaterThanOrEqual(viewport.x);
    expect(shown.x + shown.width).toBeLessThanOrEqual(viewport.x + viewport.width);
  });

  it("is operated with the arrow keys, Home and End once focused", async () => {
    const page = await aboutPage(1280);
    await carousel(page).focus();
    await page.keyboard.press("ArrowRight");
    await expectCurrent(page, /^2 of 6/);
    await page.keyboard.press("End");
    await expectCurrent(page, /^6 of 6/);
    await page.keyboard.press("ArrowRight");
    await expectCurrent(page, /^6 of 6/);
    await page.keyboard.press("ArrowLeft");
    await expectCurrent(page, /^5 of 6/);
    await page.keyboard.press("Home");
    await expectCurrent(page, /^1 of 6/);
  });

  it("reaches the slider and its arrows with the Tab key", async () => {
    const page = await aboutPage(1280);
    // The intro's button is the last stop before the principles.
    await page.getByRole("button", { name: "CREATE YOUR ACCOUNT" }).focus();
    await page.keyboard.press("Tab");
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute("aria-roledescription")),
    ).resolves.toBe("carousel");
    // The previous arrow is disabled on the first slide, so the next Tab lands on the next arrow.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expectCurrent(page, /^2 of 6/);
  });

  it("changes the slide on a mouse drag of 100 px and not on a shorter one", async () => {
    const page = await aboutPage(1280);
    await mouseDrag(page, -99);
    await expectCurrent(page, /^1 of 6/);
    await mouseDrag(page, -100);
    await expectCurrent(page, /^2 of 6/);
    await mouseDrag(page, -160);
    await expectCurrent(page, /^3 of 6/);
    await mouseDrag(page, 99);
    await expectCurrent(page, /^3 of 6/);
    await mouseDrag(page, 100);
    await expectCurrent(page, /^2 of 6/);
  });

  it("lets the slides follow the pointer only once a drag has moved 20 px", async () => {
    const page = await aboutPage(1280);
    const track = carousel(page).locator("ol");
    const start = await center(carousel(page));
    const before = await boxOf(track);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x - 19, start.y, { steps: 5 });
    await expect(boxOf(track).then((box) => box.x)).resolves.toBe(before.x);
    await page.mouse.move(start.x - 40, start.y, { steps: 5 });
    await expect.poll(() => boxOf(track).then((box) => box.x)).toBe(before.x - 40);
    await page.mouse.up();
    await expectCurrent(page, /^1 of 6/);
  });

  describe("on a touch screen", () => {
    /** A touch gesture through Chromium's input pipeline, so that the page may scroll as it would. */
    async function touchGesture(page: Page, points: { x: number; y: number }[]) {
      const cdp = await page.context().newCDPSession(page);
      const [first, ...rest] = points;
      if (!first) return;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [first] });
      for (const point of rest) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point] });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await cdp.detach();
    }

    /** Points from `from`, moving by (dx, dy) in steps of at most 5 px. */
    function path(from: { x: number; y: number }, dx: number, dy: number) {
      const steps = Math.max(1, Math.ceil(Math.max(Math.abs(dx), Math.abs(dy)) / 5));
      return Array.from({ length: steps }, (_, step) => ({
        x: from.x + (dx * (step + 1)) / steps,
        y: from.y + (dy * (step + 1)) / steps,
      }));
    }

    const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

    /** The page's scroll position once scrolling into view (and any late layout) has come to rest. */
    async function settledScrollY(page: Page): Promise<number> {
      let last = await scrollY(page);
      for (let frame = 0; frame < 30; frame++) {
        await afterTwoFrames(page);
        const now = await scrollY(page);
        if (now === last) return now;
        last = now;
      }
      return last;
    }

    /** A scroll the gesture started has reached the page after two frames. */
    const afterTwoFrames = (page: Page) =>
      page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
      );

    it("changes the slide on a swipe of 100 px and not on a shorter one", async () => {
      const page = await aboutPage(1280, { hasTouch: true });
      const start = await center(carousel(page));
      await touchGesture(page, [start, ...path(start, -95, 0)]);
      await expectCurrent(page, /^1 of 6/);
      await touchGesture(page, [start, ...path(start, -110, 0)]);
      await expectCurrent(page, /^2 of 6/);
    });

    it("leaves vertical swipes over the slider to the page", async () => {
      const page = await aboutPage(1280, { hasTouch: true });
      const start = await center(carousel(page));
      const before = await scrollY(page);
      await touchGesture(page, [start, ...path(start, -5, -200)]);
      await expect.poll(() => scrollY(page)).toBeGreaterThan(before);
      await expectCurrent(page, /^1 of 6/);
    });

    // Chromium itself keeps a gesture that starts sideways from scrolling a pan-y element; this guards
    // the behaviour the visitor sees, whichever of the browser and the slider's own lock provides it.
    // On a busy machine the page was seen to move by one touch step (5 px), also with the start read at
    // rest (CI, and one run in four with both cores busy); an unlocked swipe moves it the whole 200 px.
    // Why the browser lets that step through was not established.
    it("stops scrolling the page once a swipe has moved 20 px sideways", async () => {
      const page = await aboutPage(1280, { hasTouch: true });
      const start = await center(carousel(page));
      const before = await settledScrollY(page);
      const sideways = path(start, -25, 0);
      const last = sideways.at(-1) ?? start;
      await touchGesture(page, [start, ...sideways, ...path(last, 0, -200)]);
      await afterTwoFrames(page);
      expect(Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(5);
      await expectCurrent(page, /^1 of 6/);
    });
  });

  it.each([
    { width: 1280, slide: 440 },
    { width: 769, slide: 440 },
    { width: 768, slide: 320 },
    { width: 600, slide: 320 },
  ])("shows slides $slide px wide in a window $width px wide", async ({ width, slide }) => {
    const page = await aboutPage(width);
    const widths = await slides(page).evaluateAll((items) =>
      items.map((item) => item.getBoundingClientRect().width),
    );
    expect(widths).toEqual(Array(6).fill(slide));
    // Dragging and the arrows work at this width too.
    await mouseDrag(page, -100);
    await expectCurrent(page, /^2 of 6/);
    await page.getByRole("button", { name: "Previous principle" }).click();
    await expectCurrent(page, /^1 of 6/);
  });
});
