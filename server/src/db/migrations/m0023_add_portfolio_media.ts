import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

const MB = 1024 * 1024;
const IMAGES = ["image/png", "image/jpeg", "image/webp", "image/avif"];
const AUDIO = ["audio/mpeg", "audio/mp4", "audio/aac", "audio/ogg", "audio/wav"];

/**
 * A work's cover image and audio preview: each the path of an object in the portfolio-media bucket, under
 * the work's id. The bucket, until now images only, takes the audio types as well (its 50 MB limit stays).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema.alterTable("portfolio_items").addColumn("cover_path", "text").execute();
  await db.schema.alterTable("portfolio_items").addColumn("audio_path", "text").execute();
  await setPortfolioMediaTypes(db, [...IMAGES, ...AUDIO], t.isPostgres);
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await setPortfolioMediaTypes(db, IMAGES, t.isPostgres);
  await db.schema.alterTable("portfolio_items").dropColumn("audio_path").execute();
  await db.schema.alterTable("portfolio_items").dropColumn("cover_path").execute();
}

async function setPortfolioMediaTypes(db: Kysely<any>, types: string[], isPostgres: boolean) {
  await db
    .updateTable("storage_buckets")
    .set({ allowed_mime_types: isPostgres ? types : JSON.stringify(types), file_size_limit: 50 * MB })
    .where("id", "=", "portfolio-media")
    .execute();
}
