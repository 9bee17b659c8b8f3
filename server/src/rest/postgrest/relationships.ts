import type { TableDefinition } from "@app/contracts";
import { restError } from "../../http/rest-error";

/**
 * How an embedded table relates to the one it is embedded in, from the declarations' foreign keys:
 * many-to-one (the parent holds the key: one object or null), one-to-many (the child holds it: a list),
 * or many-to-many through a join table (a table whose only required foreign keys are to the two sides).
 */
export type Relationship =
  | { kind: "many-to-one"; target: TableDefinition; column: string }
  | { kind: "one-to-many"; target: TableDefinition; column: string }
  | {
      kind: "many-to-many";
      target: TableDefinition;
      junction: TableDefinition;
      /** The join table's key to the parent, and its key to the target. */
      parentColumn: string;
      targetColumn: string;
    };

const foreignKeys = (table: TableDefinition) =>
  Object.entries(table.columns).flatMap(([column, spec]) =>
    spec.references ? [{ column, references: spec.references, required: !spec.nullable }] : [],
  );

/** A foreign key's constraint, as PostgreSQL names it by default. */
const constraintOf = (table: string, column: string) => `${table}_${column}_fkey`;

/** A key one table holds to the other: `owner.column` names `other`'s primary key. */
function direct(
  kind: "many-to-one" | "one-to-many",
  target: TableDefinition,
  owner: TableDefinition,
  column: string,
  other: TableDefinition,
) {
  const constraint = constraintOf(owner.name, column);
  return {
    kind,
    target,
    column,
    names: [column, constraint],
    describe: `${constraint} using ${owner.name}(${column}) and ${other.name}(${other.primaryKey})`,
  };
}

function candidates(parent: TableDefinition, target: TableDefinition, all: readonly TableDefinition[]) {
  const found: (Relationship & { names: string[]; describe: string })[] = [];
  for (const fk of foreignKeys(parent))
    if (fk.references === target.name) found.push(direct("many-to-one", target, parent, fk.column, target));
  for (const fk of foreignKeys(target))
    if (fk.references === parent.name) found.push(direct("one-to-many", target, target, fk.column, parent));
  if (parent.name !== target.name)
    for (const junction of all) {
      const required = foreignKeys(junction).filter((fk) => fk.required);
      if (required.length !== 2) continue;
      const toParent = required.find((fk) => fk.references === parent.name);
      const toTarget = required.find((fk) => fk.references === target.name);
      if (!toParent || !toTarget) continue;
      found.push({
        kind: "many-to-many",
        target,
        junction,
        parentColumn: toParent.column,
        targetColumn: toTarget.column,
        names: [junction.name],
        describe: `${junction.name} using ${toParent.column} and ${toTarget.column}`,
      });
    }
  return found;
}

/**
 * The one relationship `embedded` (a table's name, with the request's hint) names from `parent`, or
 * PostgREST's PGRST200 when there is none and PGRST201 when more than one fits.
 */
export function relationshipOf(
  parent: TableDefinition,
  embedded: { table: string; hint?: string },
  all: readonly TableDefinition[],
): Relationship {
  const target = all.find((t) => t.name === embedded.table);
  const found = target
    ? candidates(parent, target, all).filter(
        (c) => embedded.hint === undefined || c.names.includes(embedded.hint),
      )
    : [];
  const asked = embedded.hint ? `${embedded.table}!${embedded.hint}` : embedded.table;
  if (found.length === 0)
    throw restError(
      "PGRST200",
      `Could not find a relationship between '${parent.name}' and '${asked}' in the schema cache`,
      {
        details: `Searched for a foreign key relationship between '${parent.name}' and '${asked}' in the schema 'public', but no matches were found.`,
      },
    );
  if (found.length > 1)
    throw restError(
      "PGRST201",
      `Could not embed because more than one relationship was found for '${parent.name}' and '${embedded.table}'`,
      {
        details: found.map((c) => `${c.kind}: ${c.describe}`).join("; "),
        hint: `Try changing '${embedded.table}' to one of the following: ${found
          .map((c) => `'${embedded.table}!${c.names[0]}'`)
          .join(", ")}. Find the desired relationship in the 'details' key.`,
      },
    );
  const [only] = found;
  const { names: _names, describe: _describe, ...relationship } = only as (typeof found)[number];
  return relationship;
}
