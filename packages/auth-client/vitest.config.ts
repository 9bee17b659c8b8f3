import { defineProject } from "vitest/config";

// Node, not jsdom: every browser dependency is injected as a fake, so nothing leaks in from a DOM shim.
export default defineProject({
  test: {
    name: "auth-client",
    environment: "node",
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
  },
});
