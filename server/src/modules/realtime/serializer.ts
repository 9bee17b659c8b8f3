/**
 * Phoenix channel frames as realtime-js speaks them: vsn 1.0.0 sends JSON objects, vsn 2.0.0 JSON arrays
 * `[join_ref, ref, topic, event, payload]` plus binary frames for broadcasts.
 */
export type Vsn = "1.0.0" | "2.0.0";

export interface Frame {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** realtime-js's binary kinds: a client's broadcast push, and a broadcast sent to a client. */
const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const BINARY_ENCODING = 0;
const JSON_ENCODING = 1;

export class FrameError extends Error {}

function asFrame(value: unknown): Frame {
  if (!value || typeof value !== "object") throw new FrameError("a frame must be an object or array");
  const frame = value as Partial<Frame>;
  if (typeof frame.topic !== "string" || typeof frame.event !== "string")
    throw new FrameError("a frame needs a topic and an event");
  const payload = frame.payload;
  return {
    join_ref: typeof frame.join_ref === "string" ? frame.join_ref : null,
    ref: typeof frame.ref === "string" ? frame.ref : null,
    topic: frame.topic,
    event: frame.event,
    payload: payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {},
  };
}

function decodeBroadcastPush(bytes: Buffer): Frame {
  if (bytes.length < 7 || bytes[0] !== USER_BROADCAST_PUSH) throw new FrameError("unknown binary frame");
  const sizes = [bytes[1], bytes[2], bytes[3], bytes[4], bytes[5]] as number[];
  const encoding = bytes[6];
  let offset = 7;
  const [joinRef, ref, topic, userEvent, metadata] = sizes.map((size) => {
    const text = bytes.subarray(offset, offset + size).toString("utf8");
    offset += size;
    return text;
  }) as [string, string, string, string, string];
  const rest = bytes.subarray(offset);
  let payload: unknown;
  try {
    payload = encoding === JSON_ENCODING ? JSON.parse(rest.toString("utf8")) : Buffer.from(rest);
  } catch {
    throw new FrameError("the broadcast payload is not JSON");
  }
  const meta = metadata ? (JSON.parse(metadata) as Record<string, unknown>) : {};
  return {
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    event: "broadcast",
    payload: { ...meta, type: "broadcast", event: userEvent, payload },
  };
}

export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): Frame {
  if (isBinary) return decodeBroadcastPush(data);
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString("utf8"));
  } catch {
    throw new FrameError("a frame must be JSON");
  }
  if (vsn === "2.0.0") {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new FrameError("a frame must be a 5-array");
    const [join_ref, ref, topic, event, payload] = parsed;
    return asFrame({ join_ref, ref, topic, event, payload });
  }
  return asFrame(parsed);
}

/** A broadcast whose payload is bytes goes out as a binary frame; everything else as text. */
function encodeBinaryBroadcast(frame: Frame, bytes: Buffer): Buffer {
  const topic = Buffer.from(frame.topic);
  const event = Buffer.from(String(frame.payload.event ?? ""));
  const header = Buffer.from([USER_BROADCAST, topic.length, event.length, 0, BINARY_ENCODING]);
  return Buffer.concat([header, topic, event, bytes]);
}

export function encodeFrame(frame: Frame, vsn: Vsn): string | Buffer {
  const inner = frame.payload.payload;
  if (vsn === "2.0.0" && frame.event === "broadcast" && Buffer.isBuffer(inner))
    return encodeBinaryBroadcast(frame, inner);
  if (vsn === "2.0.0")
    return JSON.stringify([frame.join_ref, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify(frame);
}
