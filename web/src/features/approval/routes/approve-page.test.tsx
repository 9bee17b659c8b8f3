import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ApprovePage } from "@/features/approval/routes/approve-page";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderWithProviders } from "@/test/render";

const TOKEN = "b".repeat(32);
const SHA = "c".repeat(64);
const VIEW = {
  deliverable: { title: "Album master", kind: "master_wav", status: "submitted", project_title: "Sjön" },
  version: {
    version: 2,
    sha256: SHA,
    size: 2_500_000,
    content_type: "audio/wav",
    note: "Vocals up 1 dB",
    uploaded_at: "2026-11-25T10:00:00Z",
  },
  email: "client@example.se",
  expires_at: "2026-12-02T10:00:00Z",
};

afterEach(() => {
  window.location.hash = "";
});

describe("the public approval page", () => {
  it("plays the exact version, shows its fingerprint, and approves with that hash", async () => {
    const user = userEvent.setup();
    window.location.hash = `#token=${TOKEN}`;
    const api = stubFetch((request) =>
      request.method === "GET"
        ? jsonResponse(VIEW)
        : jsonResponse({ decided_at: "2026-11-26T09:00:00Z", status: "approved" }),
    );
    renderWithProviders(<ApprovePage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Album master" })).toBeInTheDocument();
    expect(api.requests[0]?.url).toContain(`/api/approve?token=${TOKEN}`);
    expect(document.querySelector("audio")?.getAttribute("src")).toBe(`/api/approve/file?token=${TOKEN}`);
    expect(screen.getByRole("link", { name: "Download version 2" })).toHaveAttribute(
      "href",
      `/api/approve/file?token=${TOKEN}&download=`,
    );
    expect(screen.getByText(`File fingerprint (SHA-256): ${SHA}`)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Approved" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("You approved version 2 of “Album master”");
    expect(api.requests.at(-1)).toMatchObject({
      method: "POST",
      body: { token: TOKEN, sha256: SHA, decision: "approve", comment: null },
    });
  });

  it("asks for a comment before a request for changes, and sends it", async () => {
    const user = userEvent.setup();
    window.location.hash = `#token=${TOKEN}`;
    const api = stubFetch((request) =>
      request.method === "GET"
        ? jsonResponse(VIEW)
        : jsonResponse({ decided_at: "2026-11-26T09:00:00Z", status: "changes_requested" }),
    );
    renderWithProviders(<ApprovePage />);
    await user.click(await screen.findByRole("button", { name: "Request changes" }));
    await user.click(screen.getByRole("button", { name: "Send request for changes" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Say what should change");
    await user.type(screen.getByLabelText("What should change?"), "Less reverb");
    await user.click(screen.getByRole("button", { name: "Send request for changes" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Changes requested" })).toBeInTheDocument();
    expect(api.requests.at(-1)?.body).toMatchObject({ decision: "request_changes", comment: "Less reverb" });
  });

  it("says a newer version exists when the link's version was passed over", async () => {
    window.location.hash = `#token=${TOKEN}`;
    stubFetch(() => jsonResponse({ code: "approval_superseded", message: "superseded" }, 409));
    renderWithProviders(<ApprovePage />);
    expect(
      await screen.findByRole("heading", { level: 1, name: "A newer version exists" }),
    ).toBeInTheDocument();
  });

  it("says a dead link is no longer valid, and asks nothing without a token", async () => {
    const api = stubFetch(() => jsonResponse({ code: "approval_link_invalid", message: "gone" }, 410));
    renderWithProviders(<ApprovePage />);
    expect(screen.getByRole("heading", { level: 1, name: "Link not valid" })).toBeInTheDocument();
    await waitFor(() => expect(api.requests).toHaveLength(0));
  });
});
