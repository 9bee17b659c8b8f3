import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ProjectMilestones } from "@/features/projects/components/project-milestones";
import { ProjectTeam } from "@/features/projects/components/project-team";
import { jsonResponse, type RecordedRequest, stubFetch } from "@/test/fetch-stub";
import { renderBackOffice, STAFF_USER } from "@/test/render-back-office";

const PROJECT = "00000000-0000-4000-8000-0000000000aa";
const VERSION = "2026-11-20T10:00:00.000Z";

const milestone = {
  id: "00000000-0000-4000-8000-0000000000b1",
  project_id: PROJECT,
  title: "Delivery",
  due_date: "2026-12-10",
  billing_share_bp: 5000,
  assignee_id: null,
  reached_at: null,
  created_at: VERSION,
  updated_at: VERSION,
};

const member = {
  id: "00000000-0000-4000-8000-0000000000c1",
  project_id: PROJECT,
  contact_id: "00000000-0000-4000-8000-0000000000d1",
  role: "engineer",
  rate_ore: 95_000,
  created_at: VERSION,
  updated_at: VERSION,
};

/** Reads answer the rows given; a PATCH answers what `onPatch` says. */
function stubProjectApi(onPatch: (request: RecordedRequest) => Response) {
  return stubFetch((request) => {
    if (request.method === "PATCH") return onPatch(request);
    if (request.url.startsWith("/rest/v1/project_milestones")) return jsonResponse([milestone]);
    if (request.url.startsWith("/rest/v1/project_members")) return jsonResponse([member]);
    if (request.url.startsWith("/rest/v1/crm_contacts"))
      return jsonResponse([
        { id: member.contact_id, first_name: "Alva", last_name: "Berg", stage_name: null },
      ]);
    return jsonResponse([]);
  });
}

describe("editing a project's milestones", () => {
  it("saves title, due day, share, assignee and reached against the version read", async () => {
    const { requests } = stubProjectApi((request) =>
      jsonResponse([{ ...milestone, ...(request.body as object) }]),
    );
    renderBackOffice(<ProjectMilestones projectId={PROJECT} budgetOre={10_000_000} />);
    const user = userEvent.setup();
    // Keyboard only: the edit button is reached and pressed like any other.
    (await screen.findByRole("button", { name: "Edit milestone Delivery" })).focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: 'Edit "Delivery"' });
    const title = within(dialog).getByLabelText("Title");
    await user.clear(title);
    await user.type(title, "Final delivery");
    const share = within(dialog).getByLabelText(/Billing share/);
    await user.clear(share);
    await user.type(share, "70");
    await user.selectOptions(within(dialog).getByLabelText(/Assignee/), "Me");
    await user.click(within(dialog).getByLabelText("Reached"));
    await user.click(within(dialog).getByRole("button", { name: "Save Milestone" }));

    expect(await screen.findByText("Milestone saved")).toBeInTheDocument();
    const patch = requests.find((request) => request.method === "PATCH");
    expect(decodeURIComponent(patch?.url ?? "")).toContain(`id=eq.${milestone.id}`);
    expect(decodeURIComponent(patch?.url ?? "")).toContain(`updated_at=eq.${VERSION}`);
    expect(patch?.body).toMatchObject({
      title: "Final delivery",
      due_date: "2026-12-10",
      billing_share_bp: 7000,
      assignee_id: STAFF_USER.id,
      reached_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(patch?.body).not.toHaveProperty("project_id");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the server's share cap beside the share and keeps the dialog open", async () => {
    stubProjectApi(() =>
      jsonResponse(
        {
          code: "23514",
          message:
            'new row for relation "project_milestones" violates check constraint "project_milestones_share_sum_check"',
          details: "Failing check: the project's billing shares would add up to 105 %, more than 100 %",
          hint: "At most 70 % is left to bill.",
        },
        400,
      ),
    );
    renderBackOffice(<ProjectMilestones projectId={PROJECT} budgetOre={10_000_000} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit milestone Delivery" }));
    const dialog = await screen.findByRole("dialog");
    const share = within(dialog).getByLabelText(/Billing share/);
    await user.clear(share);
    await user.type(share, "75");
    await user.click(within(dialog).getByRole("button", { name: "Save Milestone" }));

    const problem =
      "The project's billing shares would add up to 105 %, more than 100 %. At most 70 % is left to bill.";
    expect(await within(dialog).findByText(problem)).toBeInTheDocument();
    expect(share).toHaveAttribute("aria-invalid", "true");
    expect(share).toHaveAccessibleDescription(problem);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});

describe("editing a project's team", () => {
  it("changes a member's role and rate, not the contact, against the version read", async () => {
    const { requests } = stubProjectApi((request) =>
      jsonResponse([{ ...member, ...(request.body as object) }]),
    );
    renderBackOffice(<ProjectTeam projectId={PROJECT} feeModel="hourly" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Alva Berg as Engineer" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Alva Berg" });
    expect(within(dialog).queryByLabelText("Contact")).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Rate/)).toHaveValue("950");
    await user.selectOptions(within(dialog).getByLabelText("Role"), "Producer");
    const rate = within(dialog).getByLabelText(/Rate/);
    await user.clear(rate);
    await user.type(rate, "1100");
    await user.click(within(dialog).getByRole("button", { name: "Save Member" }));

    expect(await screen.findByText("Team member saved")).toBeInTheDocument();
    const patch = requests.find((request) => request.method === "PATCH");
    expect(decodeURIComponent(patch?.url ?? "")).toContain(`updated_at=eq.${VERSION}`);
    expect(patch?.body).toEqual({ role: "producer", rate_ore: 110_000 });
  });
});
