import { useMutation, useQuery } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";

function Screen({ onRefetch }: { onRefetch(): void }) {
  useQuery({
    queryKey: ["things"],
    queryFn: async () => {
      onRefetch();
      return [];
    },
  });
  const failingRead = useQuery({
    queryKey: ["broken"],
    queryFn: async () => {
      throw { status: 403, body: { code: "42501", message: "Staff only", details: null, hint: null } };
    },
    meta: { errorMessage: "Failed to load things" },
  });
  const save = useMutation({
    mutationFn: async (ok: boolean) => {
      if (!ok)
        throw { status: 400, body: { code: "22P02", message: "Bad value", details: null, hint: null } };
    },
    meta: {
      successMessage: "Thing saved",
      errorMessage: "Could not save the thing",
      invalidates: [["things"]],
    },
  });
  return (
    <>
      <p>{failingRead.isError ? "read failed" : "reading"}</p>
      <button type="button" onClick={() => save.mutate(true)}>
        Save
      </button>
      <button type="button" onClick={() => save.mutate(false)}>
        Save badly
      </button>
    </>
  );
}

describe("the query client's one toast path", () => {
  it("toasts a failed read with the query's message and the API's words", async () => {
    renderWithProviders(<Screen onRefetch={() => {}} />);
    // The first toast of a run also loads sonner (toast.ts imports it on demand): allow for that import.
    expect(await screen.findByText("Failed to load things", {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText("Staff only")).toBeInTheDocument();
  });

  it("toasts a mutation's outcome from its meta and refreshes the reads it names", async () => {
    const user = userEvent.setup();
    const onRefetch = vi.fn();
    renderWithProviders(<Screen onRefetch={onRefetch} />);
    await waitFor(() => expect(onRefetch).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Thing saved")).toBeInTheDocument();
    await waitFor(() => expect(onRefetch).toHaveBeenCalledTimes(2));
    await user.click(screen.getByRole("button", { name: "Save badly" }));
    expect(await screen.findByText("Could not save the thing")).toBeInTheDocument();
    expect(screen.getByText("Bad value")).toBeInTheDocument();
  });
});
