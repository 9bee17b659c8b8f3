import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EventStatusBadge } from "@/features/events/components/event-status-badge";

describe("EventStatusBadge", () => {
  it("highlights upcoming events in yellow", () => {
    render(<EventStatusBadge status="upcoming" isDated />);
    expect(screen.getByText("upcoming")).toHaveClass("bg-yellow-400");
  });

  it("never labels an undated event upcoming", () => {
    render(<EventStatusBadge status="upcoming" isDated={false} />);
    expect(screen.queryByText("upcoming")).toBeNull();
    expect(screen.getByText("date to be announced")).toHaveClass("bg-zinc-800");
  });

  it("marks cancelled events in red, dated or not", () => {
    render(<EventStatusBadge status="cancelled" isDated={false} />);
    const badge = screen.getByText("cancelled");
    expect(badge).toHaveClass("bg-red-950");
    expect(badge).not.toHaveClass("bg-yellow-400");
  });

  it.each(["past", "completed", "draft"])("keeps %s neutral", (status) => {
    render(<EventStatusBadge status={status} isDated />);
    const badge = screen.getByText(status);
    expect(badge).toHaveClass("bg-zinc-800");
    expect(badge.className).not.toMatch(/yellow|red/);
  });
});
