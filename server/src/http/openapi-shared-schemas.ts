import type { generateOpenApi } from "@ts-rest/open-api";

type OpenAPIObject = ReturnType<typeof generateOpenApi>;

/** Below this size a `$ref` saves too little to be worth a reader's jump to the components. */
const MIN_SHARED_LENGTH = 200;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Every schema root of an operation: request bodies, responses and parameters, with a readable name. */
function* schemaRoots(doc: JsonObject): Generator<{ holder: JsonObject; name: string }> {
  for (const [path, item] of Object.entries(doc.paths as JsonObject)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue;
      const base = typeof operation.operationId === "string" ? operation.operationId : `${method} ${path}`;
      if (isObject(operation.requestBody)) yield* mediaSchemas(operation.requestBody, `${base}Body`);
      for (const [status, response] of Object.entries(
        isObject(operation.responses) ? operation.responses : {},
      )) {
        if (isObject(response)) yield* mediaSchemas(response, `${base}${status}`);
      }
      for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : []) {
        if (isObject(parameter)) yield { holder: parameter, name: `${base}_${String(parameter.name)}` };
      }
    }
  }
}

function* mediaSchemas(holder: JsonObject, name: string): Generator<{ holder: JsonObject; name: string }> {
  for (const media of Object.values(isObject(holder.content) ? holder.content : {})) {
    if (isObject(media)) yield { holder: media, name };
  }
}

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas. */
const SCHEMA_KEYWORDS = new Set(["items", "not", "additionalProperties"]);
const SCHEMA_LIST_KEYWORDS = new Set(["oneOf", "anyOf", "allOf"]);

/** Applies `visit` to each schema directly inside `schema`, keeping every other keyword as it is. */
function mapSubschemas(schema: JsonObject, visit: (child: Json, path: string) => Json): JsonObject {
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]): [string, Json] => {
      if (SCHEMA_KEYWORDS.has(key) && isObject(value)) return [key, visit(value, key)];
      if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value)) {
        return [key, value.map((item, i) => visit(item, `${key}${i}`))];
      }
      if (key === "properties" && isObject(value)) {
        return [key, Object.fromEntries(Object.entries(value).map(([name, v]) => [name, visit(v, name)]))];
      }
      return [key, value];
    }),
  );
}

/** Each schema within `schema`, itself included, in its serialised form. */
function schemaTexts(schema: Json, into: string[] = []): string[] {
  if (!isObject(schema)) return into;
  into.push(JSON.stringify(schema));
  mapSubschemas(schema, (child) => {
    schemaTexts(child, into);
    return child;
  });
  return into;
}

/**
 * Moves every schema the operations repeat (a table's row, each API family's error) into
 * `components.schemas` and points the operations at it. The generator inlines a schema at each use: about
 * 1.8 MB for this contract, which Swagger UI walks whole before it shows the first line of the page, and
 * every integrator's code generator reads as hundreds of unrelated types. The document means exactly the
 * same once `$ref`s are resolved. `knownNames` names the schemas readers look for (each API family's error)
 * by their serialised form; any other shared schema is named after the first operation that uses it.
 */
export function shareRepeatedSchemas(
  doc: OpenAPIObject,
  knownNames: ReadonlyMap<string, string>,
): OpenAPIObject {
  const json = doc as unknown as JsonObject;
  const roots = [...schemaRoots(json)].filter(({ holder }) => holder.schema !== undefined);
  const uses = new Map<string, number>();
  for (const { holder } of roots) {
    for (const text of schemaTexts(holder.schema as Json)) {
      if (text.length >= MIN_SHARED_LENGTH) uses.set(text, (uses.get(text) ?? 0) + 1);
    }
  }
  const names = new Map<string, string>();
  const taken = new Set<string>(knownNames.values());
  const schemas: Record<string, Json> = {};

  // Names come from the first operation that uses a schema, so they are stable while the contract is.
  const share = (node: Json, name: string, isRoot: boolean): Json => {
    if (!isObject(node)) return node;
    const text = JSON.stringify(node);
    if (!isRoot && (uses.get(text) ?? 0) > 1)
      return { $ref: `#/components/schemas/${componentFor(text, node, name)}` };
    return mapSubschemas(node, (child, key) => share(child, `${name}_${key}`, false));
  };
  const componentFor = (text: string, node: JsonObject, name: string): string => {
    const known = names.get(text);
    if (known) return known;
    const base = knownNames.get(text) ?? name.replace(/[^A-Za-z0-9._-]/g, "_");
    let unique = base;
    for (let n = 2; taken.has(unique) && !knownNames.has(text); n += 1) unique = `${base}_${n}`;
    taken.add(unique);
    names.set(text, unique);
    schemas[unique] = share(node, unique, true);
    return unique;
  };

  for (const { holder, name } of roots) holder.schema = share(holder.schema as Json, name, false);
  const shared = schemas as NonNullable<NonNullable<OpenAPIObject["components"]>["schemas"]>;
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...shared } };
  return doc;
}
