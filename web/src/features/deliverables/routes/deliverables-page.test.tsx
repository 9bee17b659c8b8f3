import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DeliverablesPage } from "@/features/deliverables/routes/deliverables-page";
import { jsonResponse, stubFetch } from "@/test/fetch-stub";
import { renderBackOffice, STAFF_USER } from "@/test/render-back-office";

const PROJECT = { id: "11111111-1111-4111-8111-111111111111", code: "P-2026-001", title: "Sjön" };
const DELIVERABLE = {
  id: "22222222-2222-4222-8222-222222222222",
  project_id: PROJECT.id,
  kind: "master_wav",
  title: "Album master",
  format: "WAV",
  sample_rate_hz: 48000,
  bit_depth: 24,
  loudness_target_lufs: "-14.0",
  due_date: "2026-12-01",
  fee_ore: 1_250_050,
  assignee_id: STAFF_USER.id,
  status: "submitted",
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
};
const SHA = `abcdef12${"0".repeat(52)}7890`;
const VERSION = {
  id: "33333333-3333-4333-8333-333333333333",
  deliverable_id: DELIVERABLE.id,
  version: 2,
  object_path: `${DELIVERABLE.id}/x.wav`,
  sha256: SHA,
  size: 1000,
  content_type: "audio/wav",
  note: "Vocals up 1 dB",
  uploaded_by: STAFF_USER.id,
  uploaded_at: "2026-11-25T10:00:00.000Z",
  approval_state: "awaiting",
  approval_requested_at: "2026-11-25T11:00:00.000Z",
  decided_at: null,
  decision_comment: null,
};

describe("the deliverables screen", () => {
  it("lists deliverables soonest due first, filters by status and assignee, and opens one with its versions", async () => {
    const user = userEvent.setup();
    const { requests } = stubFetch((request) => {
      if (request.url.startsWith("/rest/v1/projects")) return jsonResponse([PROJECT]);
      if (request.url.startsWith("/rest/v1/deliverable_versions")) return jsonResponse([VERSION]);
      if (request.url.startsWith("/rest/v1/deliverables")) return jsonResponse([DELIVERABLE]);
      return jsonResponse([]);
    });
    renderBackOffice(<DeliverablesPage />, { route: "/app/deliverables" });
    const row = (await screen.findByRole("button", { name: "Album master" })).closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("Submitted");
    const reads = () =>
      requests.map((r) => decodeURIComponent(r.url)).filter((u) => u.startsWith("/rest/v1/deliverables?"));
    expect(reads()[0]).toContain("order=due_date.asc.nullslast,created_at.asc");

    await user.selectOptions(screen.getByLabelText("Status"), "submitted");
    await waitFor(() => expect(reads().at(-1)).toContain("status=eq.submitted"));
    await user.selectOptions(screen.getByLabelText("Assignee"), "me");
    await waitFor(() => expect(reads().at(-1)).toContain(`assignee_id=eq.${STAFF_USER.id}`));

    await user.click(screen.getByRole("button", { name: "Album master" }));
    const drawer = await screen.findByRole("dialog", { name: "Album master" });
    expect(drawer).toHaveTextContent("Spec: WAV · 48000 Hz · 24-bit · -14.0 LUFS");
    expect(drawer).toHaveTextContent("Fee: SEK 12,500.50");
    const history = await within(drawer).findByRole("list", { name: "Version history" });
    expect(history).toHaveTextContent("Version 2");
    expect(history).toHaveTextContent("SHA-256 abcdef12…7890");
    expect(history).toHaveTextContent("You");
    expect(history).toHaveTextContent("Vocals up 1 dB");
    expect(history).toHaveTextContent("Waiting for the client");
    expect(within(drawer).getByRole("form", { name: "Send for approval" })).toBeInTheDocument();
    expect(within(drawer).getByRole("form", { name: "Upload a new version" })).toBeInTheDocument();
  });

  it("creates a deliverable with its fee typed in kronor as exact öre, and refuses a fee it cannot read", async () => {
    const user = userEvent.setup();
    const { requests } = stubFetch((request) => {
      if (request.url.startsWith("/rest/v1/projects")) return jsonResponse([PROJECT]);
      if (request.method === "POST" && request.url.startsWith("/rest/v1/deliverables"))
        return jsonResponse([{ ...DELIVERABLE, title: "TV mix" }], 201);
      return jsonResponse([]);
    });
    renderBackOffice(<DeliverablesPage />, { route: "/app/deliverables" });
    await user.click((await screen.findAllByRole("button", { name: "New deliverable" }))[0] as HTMLElement);
    const form = await screen.findByRole("form", { name: "New deliverable" });
    await user.selectOptions(within(form).getByLabelText("Project"), PROJECT.id);
    await user.type(within(form).getByLabelText("Title"), "TV mix");
    await user.type(within(form).getByLabelText("Fee (SEK)"), "7 500,505");
    await user.click(within(form).getByRole("button", { name: "Create deliverable" }));
    expect(await within(form).findByText(/A fee is kronor with at most two decimals/)).toBeInTheDocument();
    const posts = () => requests.filter((r) => r.method === "POST");
    expect(posts()).toHaveLength(0);
    await user.clear(within(form).getByLabelText("Fee (SEK)"));
    await user.type(within(form).getByLabelText("Fee (SEK)"), "7 500,50");
    await user.click(within(form).getByRole("button", { name: "Create deliverable" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ project_id: PROJECT.id, title: "TV mix", fee_ore: 750_050 });
  });
});
