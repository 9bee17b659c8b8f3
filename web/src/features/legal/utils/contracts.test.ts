import { describe, expect, it } from "vitest";
import {
  ALL_CONTRACTS,
  type ContractInvoiceRow,
  type ContractProjectRow,
  type ContractRow,
  counterpartiesOf,
  filterContracts,
  projectsOf,
  toContracts,
} from "@/features/legal/utils/contracts";

const PROJECT = "3f7e0c4e-8a1b-4c5d-9e2f-0a1b2c3d4e5f";
const OTHER_PROJECT = "4a7e0c4e-8a1b-4c5d-9e2f-0a1b2c3d4e5f";

function row(overrides: Partial<ContractRow>): ContractRow {
  return {
    id: "doc-1",
    title: "NDA",
    parties: [],
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

const DOCUMENTS = [
  row({
    id: "nda",
    title: "NDA: Söder Songs",
    parties: [
      { name: "Söder Songs Publishing", email: "a@example.se", role: "signer" },
      { name: "Observer", email: "o@example.se", role: "viewer" },
    ],
    audit: [completedAt("2026-10-05T09:00:00Z")],
  }),
  row({
    id: "producer",
    title: "Producer Agreement: Velvet Arc",
    parties: [
      { name: "Elias Lund", email: "e@example.se", role: "signer" },
      { name: "Söder Songs Publishing", email: "a@example.se", role: "signer" },
    ],
    audit: [completedAt("2026-11-20T09:00:00Z")],
  }),
];

const PROJECTS: ContractProjectRow[] = [
  { id: OTHER_PROJECT, code: "P-2026-009", title: "Velvet Arc EP", legal_document_id: "producer" },
  { id: PROJECT, code: "P-2026-002", title: "Velvet Arc single", legal_document_id: "producer" },
];

const INVOICES: ContractInvoiceRow[] = [
  { id: "i3", series: "A", number: null, kind: "invoice", project_id: OTHER_PROJECT },
  { id: "i2", series: "A", number: 8, kind: "credit", project_id: PROJECT },
  { id: "i1", series: "A", number: 7, kind: "invoice", project_id: PROJECT },
  // An invoice of no project, or of a project that is not the contract's, is not the contract's.
  { id: "i0", series: "A", number: 6, kind: "invoice", project_id: null },
];

const [NDA, PRODUCER] = toContracts(DOCUMENTS, PROJECTS, INVOICES) as [
  ReturnType<typeof toContracts>[number],
  ReturnType<typeof toContracts>[number],
];

describe("contracts", () => {
  it("takes the signers as counterparties and the completion as the signing time", () => {
    expect(NDA).toEqual({
      id: "nda",
      title: "NDA: Söder Songs",
      counterparties: ["Söder Songs Publishing"],
      signedAt: "2026-10-05T09:00:00Z",
      projects: [],
      invoices: [],
    });
    expect(toContracts([row({})], [], [])[0]?.signedAt).toBe("2026-11-01T10:00:00Z");
  });

  it("links a contract to the projects naming it as their signed contract and to their invoices", () => {
    expect(PRODUCER?.projects).toEqual([
      { id: PROJECT, code: "P-2026-002", title: "Velvet Arc single" },
      { id: OTHER_PROJECT, code: "P-2026-009", title: "Velvet Arc EP" },
    ]);
    expect(PRODUCER?.invoices).toEqual([
      { id: "i3", label: "Draft" },
      { id: "i2", label: "Credit A8" },
      { id: "i1", label: "A7" },
    ]);
  });

  it("filters by counterparty, project and search (a project's code or title too), newest signature first", () => {
    const all = [NDA, PRODUCER];
    const ids = (filters: Partial<typeof ALL_CONTRACTS>) =>
      filterContracts(all, { ...ALL_CONTRACTS, ...filters }).map((c) => c.id);
    expect(ids({})).toEqual(["producer", "nda"]);
    expect(ids({ counterparty: "Elias Lund" })).toEqual(["producer"]);
    expect(ids({ counterparty: "Söder Songs Publishing" })).toEqual(["producer", "nda"]);
    expect(ids({ project: OTHER_PROJECT })).toEqual(["producer"]);
    expect(ids({ project: "5b7e0c4e-8a1b-4c5d-9e2f-0a1b2c3d4e5f" })).toEqual([]);
    expect(ids({ search: "söder" })).toEqual(["producer", "nda"]);
    expect(ids({ search: "p-2026-009" })).toEqual(["producer"]);
    expect(ids({ search: "velvet arc ep", counterparty: "Söder Songs Publishing" })).toEqual(["producer"]);
  });

  it("offers each counterparty and project once", () => {
    expect(counterpartiesOf([NDA, PRODUCER])).toEqual(["Elias Lund", "Söder Songs Publishing"]);
    expect(projectsOf([NDA, PRODUCER, PRODUCER]).map((p) => p.code)).toEqual(["P-2026-002", "P-2026-009"]);
  });
});
