import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { BackupsPage } from "@/features/backups/routes/backups-page";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { createAuthState, renderBackOffice, STAFF_USER } from "@/test/render-back-office";

const ADMIN = { ...STAFF_USER, app_metadata: { ...STAFF_USER.app_metadata, role: "admin" as const } };
const asAdmin = { route: "/app/settings/backups", auth: createAuthState({ user: ADMIN }) };

const BACKUP = {
  id: "2030-01-02T03-04-05.678Z",
  created_at: "2030-01-02T03:04:05.678Z",
  status: "complete",
  size_bytes: 3 * 1024 * 1024,
  engine: "sqlite",
  schema_version: "2026_11_30_100000_create_studio_sessions",
};

describe("BackupsPage", () => {
  it("tells staff that backups are for administrators, and asks the server nothing", async () => {
    const { requests } = stubFetch(() => jsonResponse([]));
    renderBackOffice(<BackupsPage />, { route: "/app/settings/backups" });
    expect(
      await screen.findByRole("heading", { name: "Only administrators can manage backups" }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Back up now" })).toBeNull();
    expect(requests).toEqual([]);
  });

  it("backs up from the empty state, busy while the server works, then lists the new backup", async () => {
    let backups: (typeof BACKUP)[] = [];
    let finish: () => void = () => {};
    stubFetch((request) => {
      if (request.method === "POST") {
        return new Promise((resolve) => {
          finish = () => {
            backups = [BACKUP];
            resolve(jsonResponse(BACKUP, 201));
          };
        });
      }
      return jsonResponse(backups);
    });
    renderBackOffice(<BackupsPage />, asAdmin);
    expect(await screen.findByRole("heading", { name: "No backups yet" })).toBeTruthy();
    // One button on the screen: the empty state's.
    await userEvent.click(screen.getByRole("button", { name: "Back up now" }));
    const busy = await screen.findByRole("button", { name: "Backing up..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    finish();
    const table = await screen.findByRole("table", { name: "Backups" });
    const row = within(table).getAllByRole("row")[1] as HTMLElement;
    expect(within(row).getByText("3.0 MB")).toBeTruthy();
    expect(within(row).getByText("Complete")).toBeTruthy();
    expect(await screen.findByText("Backup created")).toBeTruthy();
  });

  it("says when the list cannot be read, and reads it again on request", async () => {
    let fail = true;
    stubFetch(() =>
      fail ? jsonResponse({ code: "internal_error", message: "x" }, 500) : jsonResponse([BACKUP]),
    );
    renderBackOffice(<BackupsPage />, asAdmin);
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load backups.");
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByRole("table", { name: "Backups" })).toBeTruthy());
  });

  it("shows the administrators-only state when the server refuses the role", async () => {
    stubFetch(() => jsonResponse({ code: "permission_denied", message: "permission denied" }, 403));
    renderBackOffice(<BackupsPage />, asAdmin);
    expect(
      await screen.findByRole("heading", { name: "Only administrators can manage backups" }),
    ).toBeTruthy();
  });
});
