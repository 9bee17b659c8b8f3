import type { Response } from "express";
import { contentRange } from "./list-params";

/** Sets PostgREST's Content-Range on a list answer and returns the rows. */
export function withContentRange<R>(res: Response, page: { rows: R[]; total?: number; offset: number }): R[] {
  res.setHeader("Content-Range", contentRange(page.offset, page.rows.length, page.total));
  return page.rows;
}
