import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompressBuild } from "./vite/precompress-plugin";
import { primeThemeOnTokens } from "./vite/prime-theme-plugin";

const apiPrefixes = [
  "/api",
  "/api-keys",
  "/community",
  "/data-sourcing",
  "/documents",
  "/email",
  "/qa",
  "/users",
  "/specifications",
  "/keycloak",
];

// In development the Node server runs on 8080 and owns every API prefix; Vite only serves the app.
// Prefixes are anchored to a whole path segment so that app routes such as /api-key stay with Vite.
const proxy = Object.fromEntries(apiPrefixes.map((prefix) => [`^${prefix}(/|$)`, "http://localhost:8080"]));

export default defineConfig({
  plugins: [primeThemeOnTokens(), react(), precompressBuild()],
  resolve: {
    // The shared CSV writer imports csv-stringify's Node build, which uses Buffer; browsers get the
    // package's own browser build, which brings what it needs.
    alias: { "csv-stringify/sync": "csv-stringify/browser/esm/sync" },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
  },
  server: { proxy },
  preview: { proxy },
});
