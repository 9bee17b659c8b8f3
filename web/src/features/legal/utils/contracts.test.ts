import { describe, expect, it } from "vitest";
import {
  ALL_CONTRACTS,
  type ContractRow,
  counterpartiesOf,
  filterContracts,
  projectIdsOf,
  toContract,
} from "@/features/legal/utils/contracts";

const PROJECT = "3f7e0c4e-8a1b-4c5d-9e2f-0a1b2c3d4e5f";

function row(overrides: Partial<ContractRow>): ContractRow {
  return {
    id: "doc-1",
    title: "NDA",
    parties: [],
    payload: {},
    audit: [],
    updated_at: "2026-11-01T10:00:00Z",
    ...overrides,
  };
}

const completedAt = (at: string) => ({
  at,
  action: "completed" as const,
  actor_id: null,
  actor: null,
  ip: null,
  user_agent: null,
  detail: {},
});

const NDA = toContract(
  row({
    id: "nda",
    title: "NDA: Söder Songs",
    parties: [
      { name: "Söder Songs Publishing", email: "a@example.se", role: "signer" },
      { name: "Observer", email: "o@example.se", role: "viewer" },
    ],
    audit: [completedAt("2026-10-05T09:00:00Z")],
  }),
);
const PRODUCER = toContract(
  row({
    id: "producer",
    title: "Producer Agreement: Velvet Arc",
    parties: [
      { name: "Elias Lund", email: "e@example.se", role: "signer" },
      { name: "Söder Songs Publishing", email: "a@example.se", role: "signer" },
    ],
    payload: { source_refs: { project_id: PROJECT } },
    audit: [completedAt("2026-11-20T09:00:00Z")],
  }),
);

describe("contracts", () => {
  it("takes the signers as counterparties, the completion as the signing time and the project from the payload", () => {
    expect(NDA).toEqual({
      id: "nda",
      title: "NDA: Söder Songs",
      counterparties: ["Söder Songs Publishing"],
      signedAt: "2026-10-05T09:00:00Z",
      projectId: null,
    });
    expect(PRODUCER.projectId).toBe(PROJECT);
    expect(toContract(row({})).signedAt).toBe("2026-11-01T10:00:00Z");
  });

  it("filters by counterparty, project and search, newest signature first", () => {
    const all = [NDA, PRODUCER];
    expect(filterContracts(all, ALL_CONTRACTS).map((c) => c.id)).toEqual(["producer", "nda"]);
    expect(filterContracts(all, { ...ALL_CONTRACTS, counterparty: "Elias Lund" }).map((c) => c.id)).toEqual([
      "producer",
    ]);
    expect(
      filterContracts(all, { ...ALL_CONTRACTS, counterparty: "Söder Songs Publishing" }).map((c) => c.id),
    ).toEqual(["producer", "nda"]);
    expect(filterContracts(all, { ...ALL_CONTRACTS, project: PROJECT }).map((c) => c.id)).toEqual([
      "producer",
    ]);
    expect(filterContracts(all, { ...ALL_CONTRACTS, search: "söder" }).map((c) => c.id)).toEqual([
      "producer",
      "nda",
    ]);
    expect(filterContracts(all, { ...ALL_CONTRACTS, search: "velvet" }).map((c) => c.id)).toEqual([
      "producer",
    ]);
  });

  it("offers each counterparty and project once", () => {
    expect(counterpartiesOf([NDA, PRODUCER])).toEqual(["Elias Lund", "Söder Songs Publishing"]);
    expect(projectIdsOf([NDA, PRODUCER])).toEqual([PROJECT]);
  });
});
