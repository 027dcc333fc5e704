import type { Plugin } from "vite";
import { recolorPrimeTheme } from "./recolor-prime-theme";

const baseTheme = "primereact/resources/themes/lara-light-amber/theme.css";

/**
 * PrimeReact ships its themes with literal colours. Rewriting the one base theme we use onto our
 * design tokens keeps a single source of truth (public/theme/tokens.css) for the app and for the
 * identity provider's pages.
 */
export function primeThemeOnTokens(): Plugin {
  return {
    name: "openverde:prime-theme-on-tokens",
    enforce: "pre",
    transform(code, id) {
      if (!id.split("?")[0]?.endsWith(baseTheme)) return null;
      return { code: recolorPrimeTheme(code), map: null };
    },
  };
}
