import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContactPage } from "@/features/contact/routes/contact-page";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

afterEach(() => vi.unstubAllGlobals());

describe("ContactPage when the mailed newsletter link opens it", () => {
  const link = "/contact?newsletter=confirm#token=mailed-token";

  it("asks to confirm and sends nothing until the visitor clicks", async () => {
    const { requests } = stubFetch(() => jsonResponse({ outcome: "confirmed" }));
    renderWithProviders(<ContactPage />, { route: link });
    expect(screen.getByRole("heading", { name: "Confirm your newsletter subscription" })).toBeInTheDocument();
    expect(requests).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Confirm subscription" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Your newsletter subscription is confirmed");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: "POST", body: { token: "mailed-token" } });
    expect(requests[0]?.url).toMatch(/\/api\/newsletter\/confirm$/);
    expect(screen.queryByRole("button", { name: "Confirm subscription" })).not.toBeInTheDocument();
  });

  it("says so when the server finds the token used or expired", async () => {
    stubFetch(() => jsonResponse({ outcome: "invalid" }));
    renderWithProviders(<ContactPage />, { route: link });
    await userEvent.click(screen.getByRole("button", { name: "Confirm subscription" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This confirmation link no longer works");
  });

  it("treats a link without its token as not working", () => {
    renderWithProviders(<ContactPage />, { route: "/contact?newsletter=confirm" });
    expect(screen.getByRole("alert")).toHaveTextContent("This confirmation link no longer works");
    expect(screen.queryByRole("button", { name: "Confirm subscription" })).not.toBeInTheDocument();
  });
});

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
