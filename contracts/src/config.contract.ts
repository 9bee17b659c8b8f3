import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access } from "./common";

const c = initContract();

/** Everything the browser app needs to know about this deployment; all of it public. */
export const publicConfigSchema = z.object({
  anon_key: z.string(),
  site_url: z.string(),
  playlist_embed_url: z.string(),
  /**
   * What the back office asks of a session (the auth settings' back_office_aal), here too so the first
   * signed-in paint need not wait for the settings; absent from a page an older server wrote.
   */
  back_office_aal: z.enum(["aal1", "aal2"]).optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const configContract = c.router({
  getPublicConfig: {
    method: "GET",
    path: "/api/config",
    responses: { 200: publicConfigSchema },
    metadata: access("open"),
    summary: "Public settings for the web app: the anonymous API key and the embedded player source",
  },
});
