/**
 * PostgreSQL's jsonb containment (`@>`) over parsed JSON, so SQLite answers `cs`/`cd` on a JSON column as
 * PostgreSQL does: a scalar contains only an equal scalar; an object contains an object whose every key
 * it has with a contained value; an array contains an array whose every element is a scalar it holds or a
 * container one of its own containers of the same kind contains; and, at the top level only, an array
 * contains a scalar it holds.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: Json): v is { [key: string]: Json } =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isContainer = (v: Json) => typeof v === "object" && v !== null;

function contains(left: Json, right: Json): boolean {
  if (Array.isArray(right)) {
    if (!Array.isArray(left)) return false;
    return right.every((r) =>
      isContainer(r)
        ? left.some((l) => isContainer(l) && Array.isArray(l) === Array.isArray(r) && contains(l, r))
        : left.some((l) => !isContainer(l) && l === r),
    );
  }
  if (isObject(right)) {
    if (!isObject(left)) return false;
    return Object.entries(right).every(([key, r]) => {
      if (!Object.hasOwn(left, key)) return false;
      const l = left[key] as Json;
      return isContainer(r) ? isContainer(l) && contains(l, r) : !isContainer(l) && l === r;
    });
  }
  return left === right;
}

/** Does `left` contain `right` (both JSON text), as PostgreSQL's `left::jsonb @> right::jsonb` answers? */
export function jsonContains(left: string, right: string): boolean {
  const l = JSON.parse(left) as Json;
  const r = JSON.parse(right) as Json;
  if (Array.isArray(l) && !isContainer(r)) return l.some((e) => !isContainer(e) && e === r);
  return contains(l, r);
}
