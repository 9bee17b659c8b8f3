import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access, listQuerySchema, restErrorResponses, restHeadersSchema } from "./common";

const c = initContract();

export const eventSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string().nullable(),
  event_date: z.string().nullable(),
  status: z.string(),
  location: z.string().nullable(),
  event_type: z.string().nullable(),
  max_attendees: z.number().int().nullable(),
  image_url: z.string().nullable(),
  external_link: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Event = z.infer<typeof eventSchema>;

export const eventColumns = eventSchema.keyof().options;

export const eventsContract = c.router({
  listEvents: {
    method: "GET",
    path: "/rest/v1/events",
    headers: restHeadersSchema,
    query: listQuerySchema(["event_date", "title", "created_at"]),
    responses: { 200: z.array(eventSchema.partial()), ...restErrorResponses },
    metadata: access("public"),
    summary: "List community events (anonymous key is enough)",
  },
});
