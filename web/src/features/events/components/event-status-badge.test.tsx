import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EventStatusBadge } from "@/features/events/components/event-status-badge";

describe("EventStatusBadge", () => {
  it("highlights upcoming events in yellow", () => {
    render(<EventStatusBadge status="upcoming" />);
    expect(screen.getByText("upcoming")).toHaveClass("bg-yellow-400");
  });

  it("marks cancelled events in red", () => {
    render(<EventStatusBadge status="cancelled" />);
    const badge = screen.getByText("cancelled");
    expect(badge).toHaveClass("bg-red-950");
    expect(badge).not.toHaveClass("bg-yellow-400");
  });

  it.each(["past", "completed", "draft"])("keeps %s neutral", (status) => {
    render(<EventStatusBadge status={status} />);
    const badge = screen.getByText(status);
    expect(badge).toHaveClass("bg-zinc-800");
    expect(badge.className).not.toMatch(/yellow|red/);
  });
});
