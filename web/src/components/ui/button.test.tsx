import { render, screen } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it } from "vitest";
import { Button } from "./button";

describe("Button", () => {
  it("forwards its ref to the DOM button, as Radix triggers need", () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Save</Button>);
    expect(ref.current).toBe(screen.getByRole("button", { name: "Save" }));
  });

  it("forwards its ref through asChild to the child element", () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button asChild ref={ref}>
        <a href="/x">Go</a>
      </Button>,
    );
    expect(ref.current).toBe(screen.getByRole("link", { name: "Go" }));
  });
});
