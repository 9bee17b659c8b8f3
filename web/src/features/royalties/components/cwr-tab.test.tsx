import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { RoyaltiesPage } from "@/features/royalties/routes/royalties-page";
import { jsonResponse } from "@/test/fetch-stub";
import { renderBackOffice } from "@/test/render-back-office";
import { stubSavedFiles } from "@/test/saved-files";
import { rowsResponse, stubTableApi } from "@/test/table-api";
import { stubUpload } from "@/test/upload-stub";

const W1 = "11111111-1111-4111-8111-111111111111";
const W2 = "22222222-2222-4222-8222-222222222222";
const W3 = "33333333-3333-4333-8333-333333333333";
const FILE = "44444444-4444-4444-8444-444444444444";
const STAMP = "2026-11-20T10:00:00.000Z";

const works = [
  { id: W1, title: "Midsommarnatt", submitter_work_id: "W000001", iswc: "T1234567894" },
  { id: W2, title: "Höstljus", submitter_work_id: "W000002", iswc: null },
  { id: W3, title: "Vinterväg", submitter_work_id: "W000003", iswc: null },
];

const acknowledged = {
  "GET work_acknowledgements": () =>
    rowsResponse([
      {
        id: "a2",
        work_id: W1,
        society_code: "079",
        status: "AS",
        society_work_id: "7012345",
        processed_on: "2026-12-01",
      },
      {
        id: "a1",
        work_id: W1,
        society_code: "079",
        status: "CO",
        society_work_id: null,
        processed_on: "2026-11-01",
      },
    ]),
};

/** A saved blob's text, read as the browser would (jsdom's Blob has no text()). */
function textOf(blob: Blob | undefined) {
  return new Promise<unknown>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(blob ?? new Blob());
  });
}

/** The name each saved file was given: what the browser saves it as. */
function savedNames() {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

async function openCwrTab() {
  const user = userEvent.setup();
  renderBackOffice(<RoyaltiesPage />, { route: "/app/royalties" });
  await user.click(screen.getByRole("tab", { name: "CWR" }));
  return user;
}

describe("the CWR tab", () => {
  it("exports the chosen works in the chosen version and saves the file under its CISAC name", async () => {
    const saved = stubSavedFiles("blob:cwr");
    const names = savedNames();
    const api = stubTableApi({
      "GET works": () => rowsResponse(works),
      ...acknowledged,
      "POST /api/royalties/cwr": () =>
        new Response("HDRPB000000297\r\nTRL000010000000200000009\r\n", {
          headers: {
            "content-type": "text/plain; charset=us-ascii",
            "content-disposition": 'attachment; filename="CW260007SSW_000.V22"',
          },
        }),
    });
    const user = await openCwrTab();
    const table = await screen.findByRole("table", { name: "Works to register" });
    // What a society last said of a work shows where works are chosen.
    expect(within(table).getByRole("row", { name: /Midsommarnatt/ })).toHaveTextContent(
      "STIM (SE): Registration accepted (AS), work no. 7012345",
    );

    await user.click(screen.getByRole("button", { name: "Export CWR" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Choose at least one work");
    expect(api.calls("POST", "/api/royalties/cwr")).toHaveLength(0);

    // Select all, then leave one out by keyboard: the header box shows the partial choice.
    await user.click(screen.getByRole("checkbox", { name: "Select all works" }));
    screen.getByRole("checkbox", { name: "Select Höstljus" }).focus();
    await user.keyboard(" ");
    expect(screen.getByRole("checkbox", { name: "Select all works" })).toHaveAttribute(
      "aria-checked",
      "mixed",
    );
    expect(screen.getByText("2 works chosen")).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "2.2" }));
    await user.click(screen.getByRole("button", { name: "Export CWR" }));

    expect(await screen.findByText("Saved CW260007SSW_000.V22.")).toBeInTheDocument();
    expect(names).toEqual(["CW260007SSW_000.V22"]);
    expect(await textOf(saved.mock.calls[0]?.[0])).toBe("HDRPB000000297\r\nTRL000010000000200000009\r\n");
    const [sent] = api.calls("POST", "/api/royalties/cwr");
    expect(sent?.body).toEqual({ work_ids: [W1, W3], version: "2.2" });
    expect(sent?.headers.get("authorization")).toMatch(/^Bearer \S+/);
    // The list of files made is read again, so the new file shows among them.
    await waitFor(() => expect(api.calls("GET", "cwr_exports").length).toBeGreaterThan(1));
  });

  it("says beside the button why a file was refused, and saves nothing", async () => {
    const saved = stubSavedFiles();
    stubTableApi({
      "GET works": () => rowsResponse(works),
      "POST /api/royalties/cwr": () =>
        jsonResponse(
          {
            code: "cwr_share_rules",
            message:
              "CISAC's share rules would reject W000002 Höstljus: its performing shares add up to 60 %, not 100 %",
          },
          422,
        ),
    });
    const user = await openCwrTab();
    await user.click(await screen.findByRole("checkbox", { name: "Select Höstljus" }));
    await user.click(screen.getByRole("button", { name: "Export CWR" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("W000002 Höstljus: its performing shares add up to 60 %, not 100 %");
    expect(screen.getByRole("button", { name: "Export CWR" })).toHaveAccessibleDescription(
      alert.textContent ?? "",
    );
    expect(saved).not.toHaveBeenCalled();
  });

  it("lists the files made with their number, version and works, each to download again", async () => {
    stubSavedFiles();
    const names = savedNames();
    const api = stubTableApi({
      "GET cwr_exports": () =>
        rowsResponse([
          {
            id: FILE,
            year: 2026,
            number_in_year: 7,
            version: "2.2",
            file_name: "CW260007SSW_000.V22",
            work_count: 2,
            created_at: STAMP,
          },
        ]),
      [`GET /api/royalties/cwr/${FILE}`]: () =>
        new Response("HDR", {
          headers: {
            "content-type": "text/plain",
            "content-disposition": 'attachment; filename="CW260007SSW_000.V22"',
          },
        }),
    });
    const user = await openCwrTab();
    const files = await screen.findByRole("table", { name: "CWR files made, newest first" });
    const row = within(files).getByRole("row", { name: /CW260007SSW_000\.V22/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(["CW260007SSW_000.V22", "7 of 2026", "2.2", "2"]));
    await user.click(within(row).getByRole("button", { name: "Download CW260007SSW_000.V22" }));
    await waitFor(() => expect(names).toEqual(["CW260007SSW_000.V22"]));
    expect(api.calls("GET", `/api/royalties/cwr/${FILE}`)[0]?.headers.get("authorization")).toMatch(
      /^Bearer /,
    );
  });

  it("imports a society's ACK file and shows each work's status and society number, and the strangers", async () => {
    stubTableApi({});
    const sent = stubUpload(200, {
      society_code: "079",
      society_name: "STIM",
      recorded: 2,
      statuses: { AS: 1, RJ: 1 },
      works: [
        {
          work_id: W1,
          submitter_work_id: "W000001",
          title: "Midsommarnatt",
          status: "AS",
          society_work_id: "7012345",
        },
        { work_id: W2, submitter_work_id: "W000002", title: "Höstljus", status: "RJ", society_work_id: null },
      ],
      unknown_work_ids: ["W999999"],
    });
    const user = await openCwrTab();
    await user.click(await screen.findByRole("button", { name: "Import acknowledgements" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Choose the society's acknowledgement file");
    expect(sent).toHaveLength(0);

    await user.upload(
      screen.getByLabelText("Acknowledgement file"),
      new File(["HDRSO"], "CW260007079_SSW.V22"),
    );
    await user.click(screen.getByRole("button", { name: "Import acknowledgements" }));
    const receipt = await screen.findByRole("region", { name: "Acknowledgements from STIM (079)" });
    expect(receipt).toHaveTextContent("STIM (079) acknowledged 2 works");
    const works = within(receipt)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(works).toEqual([
      "MidsommarnattW000001Registration accepted (AS)Society work no. 7012345",
      "HöstljusW000002Rejected (RJ)No society work number",
    ]);
    expect(receipt).toHaveTextContent("Work numbers the catalogue never sent, not recorded: W999999");
    expect(sent[0]?.url).toBe("/api/royalties/cwr/ack");
    expect((sent[0]?.body.get("file") as File | undefined)?.name).toBe("CW260007079_SSW.V22");
  });

  it("says why an ACK file was refused", async () => {
    stubTableApi({});
    stubUpload(422, { code: "cwr_ack_invalid", message: 'Line 3: "ZZ" is not a CWR transaction status' });
    const user = await openCwrTab();
    await user.upload(await screen.findByLabelText("Acknowledgement file"), new File(["x"], "ack.V21"));
    await user.click(screen.getByRole("button", { name: "Import acknowledgements" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      'Line 3: "ZZ" is not a CWR transaction status',
    );
    expect(screen.queryByRole("region", { name: /Acknowledgements from/ })).toBeNull();
  });

  it("shows in the catalogue what each society last said of each work", async () => {
    const user = userEvent.setup();
    stubTableApi({ "GET works": () => rowsResponse(works.slice(0, 2)), ...acknowledged });
    renderBackOffice(<RoyaltiesPage />, { route: "/app/royalties" });
    await user.click(screen.getByRole("tab", { name: "Catalogue" }));
    const table = await screen.findByRole("table", { name: "Works" });
    await waitFor(() =>
      expect(within(table).getByRole("row", { name: /Midsommarnatt/ })).toHaveTextContent(
        "STIM (SE): Registration accepted (AS), work no. 7012345",
      ),
    );
    expect(within(table).getByRole("row", { name: /Midsommarnatt/ })).not.toHaveTextContent("Conflict");
    expect(within(table).getByRole("row", { name: /Höstljus/ })).toHaveTextContent("Not acknowledged yet");
  });
});
