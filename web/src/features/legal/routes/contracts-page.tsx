import { FileSignature } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { ListState } from "@/components/ui/list-state";
import { NativeSelect } from "@/components/ui/native-select";
import { PageHeading } from "@/components/ui/page-heading";
import { SearchInput } from "@/components/ui/search-input";
import { SearchRegion } from "@/components/ui/search-region";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useSignedContracts } from "@/features/legal/api/legal-queries";
import {
  ALL_CONTRACTS,
  type Contract,
  counterpartiesOf,
  filterContracts,
  projectsOf,
} from "@/features/legal/utils/contracts";
import { formatDateTime } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUrlState } from "@/lib/use-url-state";

/**
 * /app/contracts: the fully signed legal documents, the business's contracts, each linked to its document,
 * to the projects it is the signed contract of, and to those projects' invoices.
 */
export function ContractsPage() {
  useDocumentTitle("Contracts");
  const searchId = useId();
  const contracts = useSignedContracts();
  const [filters, setFilters] = useUrlState(ALL_CONTRACTS);
  const all = contracts.data ?? [];
  const visible = filterContracts(all, filters);
  const projects = projectsOf(all);

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Contracts"
        description="Every legal document all its signers have signed, newest first."
        actions={
          <Button asChild variant="secondary">
            <Link to="/app/legal/documents">All legal documents</Link>
          </Button>
        }
      />
      <SearchRegion aria-label="Filter the contracts">
        <div className="grid gap-1">
          <Label htmlFor={searchId}>Search</Label>
          <SearchInput
            id={searchId}
            placeholder="Title, counterparty or project..."
            value={filters.search}
            onChange={(event) => setFilters({ search: event.target.value })}
            className="w-full sm:w-64"
          />
        </div>
        <FilterSelect
          label="Counterparty"
          allLabel="All counterparties"
          value={filters.counterparty}
          options={counterpartiesOf(all).map((name) => ({ value: name, label: name }))}
          onChange={(counterparty) => setFilters({ counterparty })}
        />
        {projects.length > 0 ? (
          <FilterSelect
            label="Project"
            allLabel="All projects"
            value={filters.project}
            options={projects.map((p) => ({ value: p.id, label: `${p.code} · ${p.title}` }))}
            onChange={(project) => setFilters({ project })}
          />
        ) : null}
      </SearchRegion>
      <ListState
        read={contracts}
        loading="Loading contracts"
        failed="Failed to load the contracts."
        isEmpty={visible.length === 0}
        empty={
          <EmptyState
            icon={FileSignature}
            title={all.length === 0 ? "No signed contracts yet" : "No contracts match"}
            description={
              all.length === 0
                ? "A legal document appears here once every signer has signed it."
                : "Try another counterparty, project or search."
            }
          >
            {all.length === 0 ? (
              <Button asChild>
                <Link to="/app/legal/new">New Document</Link>
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => setFilters(ALL_CONTRACTS)}>
                Clear filters
              </Button>
            )}
          </EmptyState>
        }
      >
        <ContractsTable contracts={visible} />
      </ListState>
    </div>
  );
}

type FilterSelectProps = {
  label: string;
  /** The first option, which filters nothing. */
  allLabel: string;
  value: string;
  options: { value: string; label: string }[];
  onChange(value: string): void;
};

function FilterSelect({ label, allLabel, value, options, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        className="w-full sm:w-64"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

const linkClass = "text-primary underline-offset-4 hover:underline";

function ContractsTable({ contracts }: { contracts: Contract[] }) {
  return (
    <Table aria-label="Contracts">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Contract</TableHead>
          <TableHead scope="col">Counterparties</TableHead>
          <TableHead scope="col">Projects</TableHead>
          <TableHead scope="col">Invoices</TableHead>
          <TableHead scope="col">Signed</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {contracts.map((contract) => (
          <TableRow key={contract.id}>
            <TableHead scope="row" className="min-w-40 font-medium whitespace-normal! text-foreground!">
              <Link to={`/app/legal/${contract.id}`} className="underline-offset-4 hover:underline">
                {contract.title}
              </Link>
            </TableHead>
            <TableCell className="min-w-32">{contract.counterparties.join(", ")}</TableCell>
            <TableCell className="min-w-28">
              <LinkList
                label={`Projects of ${contract.title}`}
                empty="No project"
                links={contract.projects.map((p) => ({
                  key: p.id,
                  to: `/app/projects/${p.id}`,
                  text: p.code,
                  title: p.title,
                }))}
              />
            </TableCell>
            <TableCell className="min-w-24">
              <LinkList
                label={`Invoices of ${contract.title}`}
                empty="None"
                links={contract.invoices.map((i) => ({
                  key: i.id,
                  to: `/app/invoices/${i.id}`,
                  text: i.label,
                }))}
              />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={contract.signedAt}>{formatDateTime(contract.signedAt)}</time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type RowLink = { key: string; to: string; text: string; title?: string };

/** A cell's links (a contract's projects or invoices), one per line, or a muted word when there are none. */
function LinkList({ label, empty, links }: { label: string; empty: string; links: RowLink[] }) {
  if (links.length === 0) return <span className="text-muted-foreground">{empty}</span>;
  return (
    <ul aria-label={label} className="grid gap-0.5">
      {links.map((link) => (
        <li key={link.key}>
          <Link to={link.to} className={linkClass}>
            {link.text}
            {link.title ? <span className="block text-xs text-muted-foreground">{link.title}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
