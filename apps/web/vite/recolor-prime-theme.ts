/** Literal colours of PrimeReact's lara-light-amber theme and the design token that replaces each. */
const colourTokens: Record<string, string> = {
  "#fffbeb": "var(--ov-primary-50)",
  "#fef08a": "var(--ov-primary-200)",
  "#f59e0b": "var(--ov-primary-600)",
  "#d97706": "var(--ov-primary-700)",
  "#b45309": "var(--ov-primary-700)",
  "#64748b": "var(--ov-secondary-500)",
  "#4b5563": "var(--ov-text)",
  "#6b7280": "var(--ov-text-muted)",
  "#374151": "var(--ov-text-strong)",
};

const translucentAmber = /rgba\(245, 158, 11, ([\d.]+)\)/g;
const fontFaceBlock = /@font-face\s*{[^}]*}/g;
const controlRadius = /border-radius: 6px/g;
const interFontFamily = /"Inter var", sans-serif/g;

export function recolorPrimeTheme(css: string): string {
  let result = css
    .replace(fontFaceBlock, "")
    .replace(interFontFamily, "var(--ov-font-sans)")
    .replace(controlRadius, "border-radius: var(--ov-radius-control)")
    .replace(translucentAmber, (_match, alpha: string) => {
      const percent = Math.round(Number(alpha) * 100);
      return `color-mix(in srgb, var(--ov-primary-500) ${percent}%, transparent)`;
    });
  for (const [literal, token] of Object.entries(colourTokens)) {
    result = result.replace(new RegExp(literal, "gi"), token);
  }
  return result;
}
