import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { NotFoundPage } from "@/app/routes/not-found-page";
import { renderWithProviders } from "@/test/render";

describe("NotFoundPage", () => {
  it("says so, links home and logs the attempted path", () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithProviders(<NotFoundPage />, { route: "/privacy" });

    expect(screen.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining("404"), "/privacy");
  });
});
