import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { consoleErrorsWritten, expectConsoleError } from "../../../test-support/console-errors";
import { RouteErrorBoundary } from "./route-error-boundary";

function Broken(): never {
  throw new Error("chunk failed to load");
}

// React rethrows render errors to window as well; jsdom would print them to the test output.
const quiet = (event: ErrorEvent) => event.preventDefault();

describe("RouteErrorBoundary", () => {
  beforeEach(() => window.addEventListener("error", quiet));
  afterEach(() => window.removeEventListener("error", quiet));

  it("shows a recoverable message instead of a blank page, and logs the error", () => {
    // React reports the caught error, and the boundary logs it with the component stack.
    expectConsoleError(/chunk failed to load/);
    render(
      <RouteErrorBoundary>
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong");
    expect(screen.getByRole("button", { name: "Reload page" })).toBeInTheDocument();
    expect(screen.getByRole("main")).toBeInTheDocument();
    expect(consoleErrorsWritten().some((line) => line.includes("chunk failed to load"))).toBe(true);
  });

  it("inside a layout it adds no second main landmark", () => {
    expectConsoleError(/chunk failed to load/);
    render(
      <RouteErrorBoundary variant="section">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong");
    expect(screen.queryByRole("main")).toBeNull();
  });
});
