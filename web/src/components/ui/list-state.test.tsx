import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ListState } from "./list-state";

const props = { loading: "Loading the rows", failed: "Failed to load the rows.", empty: <p>Nothing yet</p> };
const read = (over: Partial<{ isPending: boolean; isError: boolean; data: unknown }>) => ({
  isPending: false,
  isError: false,
  data: undefined as unknown,
  refetch: vi.fn(),
  ...over,
});

describe("ListState", () => {
  it("names what loads while the first read runs", () => {
    render(
      <ListState read={read({ isPending: true })} isEmpty {...props}>
        <p>rows</p>
      </ListState>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Loading the rows");
    expect(screen.queryByText("rows")).toBeNull();
  });

  it("says a failed first read failed (not that there is nothing) and reads again on request", async () => {
    const failed = read({ isError: true });
    render(
      <ListState read={failed} isEmpty {...props}>
        <p>rows</p>
      </ListState>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load the rows.");
    expect(screen.queryByText("Nothing yet")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it("keeps the rows it has when a later read fails, and shows the empty state only for no rows", () => {
    const { rerender } = render(
      <ListState read={read({ isError: true, data: [1] })} isEmpty={false} {...props}>
        <p>rows</p>
      </ListState>,
    );
    expect(screen.getByText("rows")).toBeInTheDocument();
    rerender(
      <ListState read={read({ data: [] })} isEmpty {...props}>
        <p>rows</p>
      </ListState>,
    );
    expect(screen.getByText("Nothing yet")).toBeInTheDocument();
  });
});
