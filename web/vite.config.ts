import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { prerender } from "./build/prerender.ts";
import { routePreloads } from "./build/route-preloads.ts";
import { signedInChunks } from "./build/signed-in-chunks.ts";

const apiTarget = "http://localhost:3000";

export default defineConfig({
  plugins: [react(), tailwindcss(), signedInChunks(), routePreloads(), prerender()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: {
      // Only the auth API: bare /auth is the sign-in page, served by the SPA.
      "/auth/v1": apiTarget,
      "/rest": apiTarget,
      "/api": apiTarget,
      "/health": apiTarget,
      // The realtime socket (a record's other editors), upgraded through the proxy.
      "/realtime": { target: apiTarget, ws: true },
    },
  },
  build: {
    // The size-budget test reads the manifest to find what each route loads.
    manifest: true,
    // Every browser we support has modulepreload; the polyfill would cost bytes on every page.
    modulePreload: { polyfill: false },
  },
  test: {
    environment: "jsdom",
    // A hang detector, not a speed target: jsdom suites run beside the server suites on a shared machine.
    testTimeout: 20_000,
    setupFiles: ["./src/test/setup.ts"],
    // One jsdom process runs the files one after another, loading React and the app's modules once
    // instead of once per file (three quarters of the suite's time). After every test the setup file
    // empties the DOM and the toasts, and restoreMocks and unstubGlobals below undo mocks and stubbed
    // globals, so no file sees another's leftovers.
    isolate: false,
    include: ["src/**/*.test.{ts,tsx}"],
    exclude: ["e2e/**", "node_modules/**", "dist/**"],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
