import { render } from "@testing-library/react";
import { expect, it } from "vitest";
import { checkConsoleErrors } from "../../../test-support/console-errors";

it("fails a test on a React warning, which React writes to console.error", () => {
  render(
    <ul>
      {["a", "b"].map((item) => (
        // biome-ignore lint/correctness/useJsxKeyInIterable: the missing key is what this test is about
        <li>{item}</li>
      ))}
    </ul>,
  );
  expect(() => checkConsoleErrors()).toThrow(/unique "key" prop/);
});
