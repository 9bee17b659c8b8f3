import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NotFoundPage } from "@/app/routes/not-found-page";
import { renderWithProviders } from "@/test/render";
import { expectConsoleError } from "../../../../test-support/console-errors";

describe("NotFoundPage", () => {
  it("says so, links home and logs the attempted path", () => {
    expectConsoleError(/404 Error: User attempted to access non-existent route: \/no-such-page/);
    renderWithProviders(<NotFoundPage />, { route: "/no-such-page" });

    expect(screen.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  });
});
