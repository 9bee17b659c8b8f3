import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access } from "./common";

const c = initContract();

/** One message as Supabase Realtime's HTTP API takes it: the topic without realtime-js's `realtime:`. */
const broadcastMessage = z.object({
  topic: z.string().min(1).max(255),
  event: z.string().min(1).max(255),
  payload: z.record(z.unknown()).default({}),
  private: z.boolean().default(false),
});

export const realtimeContract = c.router({
  broadcast: {
    method: "POST",
    path: "/realtime/v1/api/broadcast",
    body: z.object({ messages: z.array(broadcastMessage).min(1).max(100) }).strict(),
    responses: { 202: z.object({}) },
    metadata: access("public"),
    summary:
      "Sends broadcasts to realtime channels from a server or a page without a socket; private channels take staff",
  },
  /** realtime-js's `channel.httpSend(event, payload)`: one event to one channel, the body its payload. */
  broadcastEvent: {
    method: "POST",
    path: "/realtime/v1/api/broadcast/:topic/events/:event",
    pathParams: z.object({ topic: z.string().min(1).max(255), event: z.string().min(1).max(255) }),
    query: z.object({ private: z.enum(["true", "false"]).optional() }),
    body: z.record(z.unknown()),
    responses: { 202: z.object({}) },
    metadata: access("public"),
    summary: "Sends one broadcast event to one realtime channel (realtime-js's httpSend)",
  },
});
