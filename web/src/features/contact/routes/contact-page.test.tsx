import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ContactPage } from "@/features/contact/routes/contact-page";
import { renderWithProviders } from "@/test/render";

describe("ContactPage after the mailed newsletter link", () => {
  it("confirms the subscription", () => {
    renderWithProviders(<ContactPage />, { route: "/contact?newsletter=confirmed" });
    expect(screen.getByRole("status")).toHaveTextContent("Your newsletter subscription is confirmed");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says when the link expired or was used, and how to get a new one", () => {
    renderWithProviders(<ContactPage />, { route: "/contact?newsletter=invalid" });
    expect(screen.getByRole("alert")).toHaveTextContent("This confirmation link no longer works");
    expect(screen.getByRole("alert")).toHaveTextContent("Subscribe again below");
  });

  it.each(["/contact", "/contact?newsletter=whatever"])("shows nothing extra on %s", (route) => {
    renderWithProviders(<ContactPage />, { route });
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Newsletter" })).toBeInTheDocument();
  });
});
