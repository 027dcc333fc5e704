import { describe, expect, it } from "vitest";
import { recolorPrimeTheme } from "./recolor-prime-theme";

describe("recolorPrimeTheme", () => {
  it("puts the amber primary colours onto the orange tokens", () => {
    const css = ".p-button { background: #F59E0B; border-color: #d97706; }";
    expect(recolorPrimeTheme(css)).toBe(
      ".p-button { background: var(--ov-primary-600); border-color: var(--ov-primary-700); }",
    );
  });

  it("squares the corners of controls through the control radius token", () => {
    expect(recolorPrimeTheme(".p-inputtext { border-radius: 6px; }")).toBe(
      ".p-inputtext { border-radius: var(--ov-radius-control); }",
    );
  });

  it("mixes translucent amber from the primary token", () => {
    expect(recolorPrimeTheme("box-shadow: 0 0 0 1px rgba(245, 158, 11, 0.24);")).toBe(
      "box-shadow: 0 0 0 1px color-mix(in srgb, var(--ov-primary-500) 24%, transparent);",
    );
  });

  it("drops the bundled web font so nothing but the system font stack is used", () => {
    const css =
      '@font-face { font-family: "Inter var"; src: url("./fonts/x.woff2"); }\n:root { font-family: "Inter var", sans-serif; }';
    expect(recolorPrimeTheme(css)).toBe("\n:root { font-family: var(--ov-font-sans); }");
  });
});
