import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LimitedBadges } from "@/components/ui/limited-badges";
import { DISPLAY_LIMITS } from "@/lib/display-limit";

describe("LimitedBadges", () => {
  it("shows the first items and a +N badge for the rest", () => {
    render(<LimitedBadges items={["a", "b", "c", "d", "e"]} limit={DISPLAY_LIMITS.tags} noun="tags" />);
    const list = screen.getByRole("list", { name: "tags" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["a", "b", "c", "+22 more tags"]);
    expect(within(list).queryByText("d")).not.toBeInTheDocument();
  });

  it("has no +N badge when everything fits", () => {
    render(<LimitedBadges items={["a", "b"]} limit={DISPLAY_LIMITS.rolesInList} noun="roles" />);
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.queryByText(/more roles/)).not.toBeInTheDocument();
  });

  it("renders nothing for an empty list", () => {
    const { container } = render(<LimitedBadges items={[]} limit={3} noun="tags" />);
    expect(container).toBeEmptyDOMElement();
  });
});
