import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import { AppError } from "../../http/app-error";
import { principalOf } from "../../http/authorize";
import { mayJoinPrivate } from "./channel-access";
import { type RealtimeHub, roomOf } from "./hub";

const s = initServer();

/** Supabase Realtime's HTTP broadcast: what a socket's broadcast does, for a caller without a socket. */
export function realtimeRouter(hub: RealtimeHub) {
  type Message = { topic: string; event: string; payload: Record<string, unknown>; private: boolean };
  function send(messages: Message[], res: Parameters<typeof principalOf>[0]) {
    const principal = principalOf(res) ?? { kind: "anon" as const };
    if (messages.some((m) => m.private) && !mayJoinPrivate(principal))
      throw new AppError("permission_denied", "permission denied: private channels are for staff");
    for (const { topic, event, payload, private: isPrivate } of messages)
      hub.broadcast(roomOf(`realtime:${topic}`, isPrivate), { type: "broadcast", event, payload });
    return { status: 202 as const, body: {} };
  }
  return s.router(contract.realtime, {
    broadcast: async ({ body, res }) => send(body.messages, res),
    broadcastEvent: async ({ params, query, body, req, res }) => {
      // Any JSON object is a payload, so a body that was never JSON (and so read as nothing) is refused.
      if (!req.is("application/json"))
        throw new AppError("unsupported_media_type", "A broadcast's payload is a JSON object");
      return send([{ ...params, payload: body, private: query.private === "true" }], res);
    },
  });
}
