// The bare baseline of the held-sockets benchmark, in its own process: a `ws` server on the realtime path
// that answers a join and a heartbeat with the reply frames the server sends (vsn 1.0.0 JSON), and
// nothing else. Sends "ready" to the parent once listening.
import { WebSocketServer } from "ws";

const server = new WebSocketServer({
  host: "127.0.0.1",
  port: Number(process.env.BARE_PORT),
  path: "/realtime/v1/websocket",
});
server.on("connection", (socket) => {
  socket.on("message", (data) => {
    const frame = JSON.parse(String(data));
    const response = frame.event === "phx_join" ? { postgres_changes: [] } : {};
    socket.send(
      JSON.stringify({
        topic: frame.topic,
        event: "phx_reply",
        payload: { status: "ok", response },
        ref: frame.ref,
        join_ref: frame.join_ref ?? null,
      }),
    );
  });
});
server.on("listening", () => process.send("ready"));
