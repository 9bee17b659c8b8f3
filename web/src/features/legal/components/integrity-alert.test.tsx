import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { IntegrityAlert } from "@/features/legal/components/integrity-alert";
import { documentRow } from "@/features/legal/test/legal-fixtures";
import { renderWithProviders } from "@/test/render";

const failure = {
  at: "2026-11-26T10:00:00Z",
  action: "integrity_failed" as const,
  actor_id: null,
  actor: "Signer <s@example.com>",
  ip: "127.0.0.1",
  user_agent: null,
  detail: { expected_sha256: "a".repeat(64), actual_sha256: "b".repeat(64) },
};

describe("IntegrityAlert", () => {
  it("holds a document whose stored PDF failed its check, with both fingerprints", () => {
    renderWithProviders(
      <IntegrityAlert document={documentRow({ status: "partially_signed", audit: [failure] })} />,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Held: the stored PDF failed its integrity check");
    expect(alert).toHaveTextContent(`Recorded SHA-256: ${"a".repeat(64)}`);
    expect(alert).toHaveTextContent(`Stored file now: ${"b".repeat(64)}`);
  });

  it("says nothing for a document whose files check out, or once it is voided", () => {
    const { rerender } = renderWithProviders(
      <IntegrityAlert document={documentRow({ status: "partially_signed", audit: [] })} />,
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    rerender(<IntegrityAlert document={documentRow({ status: "void", audit: [failure] })} />);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
