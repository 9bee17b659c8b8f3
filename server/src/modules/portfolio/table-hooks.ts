import {
  AUDIO_TYPES,
  COVER_TYPES,
  type MediaKind,
  PORTFOLIO_MEDIA_BUCKET,
  workIdOfMediaPath,
} from "@app/contracts";
import { restError } from "../../http/rest-error";
import type { HookContext, Row, TableHooksByTable } from "../../rest/table-hooks";
import { getObject } from "../storage/service";

const MEDIA_COLUMNS = { cover_path: "cover", audio_path: "audio" } as const satisfies Record<
  string,
  MediaKind
>;
const TYPES_OF = { cover: COVER_TYPES, audio: AUDIO_TYPES } as const;

/**
 * A work's media path must name an object uploaded for this work (its folder is the work's id) whose
 * stored type, as the storage server read it from the bytes, is one the column takes. The dialog deletes
 * a replaced object by its path, so a path into another work's folder could delete that work's file.
 */
async function assertMediaOfWork(ctx: HookContext, workId: unknown, values: Row) {
  for (const [column, kind] of Object.entries(MEDIA_COLUMNS)) {
    const path = values[column];
    if (typeof path !== "string") continue;
    if (typeof workId !== "string" || workIdOfMediaPath(kind, path) !== workId) {
      throw restError(
        "23514",
        `new row for relation "portfolio_items" violates check constraint "portfolio_items_${column}_check"`,
        { details: `Failing check: ${column} is in the folder named by the work's id` },
      );
    }
    const object = await getObject(ctx.trx, PORTFOLIO_MEDIA_BUCKET, path);
    if (!object || !Object.hasOwn(TYPES_OF[kind], object.mimetype)) {
      throw restError(
        "23503",
        `insert or update on table "portfolio_items" violates foreign key constraint "portfolio_items_${column}_fkey"`,
        { details: `Key (${column})=(${path}) is not a ${kind} in the ${PORTFOLIO_MEDIA_BUCKET} bucket.` },
      );
    }
  }
}

/** The portfolio's rules for the data API. */
export const portfolioTableHooks = {
  portfolio_items: {
    async beforeInsert(ctx, values) {
      await assertMediaOfWork(ctx, values.id, values);
      return values;
    },
    async beforeUpdate(ctx, changes, before) {
      await assertMediaOfWork(ctx, before.id, changes);
      return changes;
    },
  },
} satisfies TableHooksByTable;
