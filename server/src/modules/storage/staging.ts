import { createHash, randomUUID } from "node:crypto";
import { type FileHandle, mkdir, open, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { Writable } from "node:stream";
import busboy from "busboy";
import type { Request } from "express";
import { AppError } from "../../http/app-error";
import { SNIFF_BYTES } from "./sniff";

/**
 * An upload received into a private temporary file, fsynced, with what the commit needs to know about
 * it. Nothing is an object yet: the caller commits it (rename or copy into the database) or discards it.
 */
export interface StagedUpload {
  file: string;
  size: number;
  /** The quoted MD5 of the bytes. */
  etag: string;
  head: Buffer;
  /** max-age in seconds sent with the upload (Cache-Control header or the form's cacheControl field). */
  cacheControl?: number;
  /** The type the client says the file has (the Content-Type, or the form file's); checked before use. */
  claimedType?: string;
  /** The text fields of a multipart/form-data body (none for a raw body). */
  fields?: Record<string, string>;
  /** The file's name as a multipart/form-data body gave it. */
  fileName?: string;
  discard(): Promise<void>;
}

/** How far past its limit an upload is still read (and thrown away) so the client gets its 413. */
const DRAIN_ALLOWANCE = 16 * 1024 * 1024;
const MAX_AGE_CAP = 365 * 24 * 3600;

export const tooLarge = (limit: number) =>
  new AppError("EntityTooLarge", `The object exceeded the maximum allowed size (${limit} bytes)`, {
    headers: { Connection: "close" },
  });

/** `max-age=N` (or a bare number, as storage-js's form field sends it) as seconds; undefined otherwise. */
function parseMaxAge(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match =
    /^\s*(?:max-age=)?(\d{1,10})\s*$/i.exec(value) ?? /(?:^|[\s,])max-age=(\d{1,10})\b/i.exec(value);
  return match ? Math.min(Number(match[1]), MAX_AGE_CAP) : undefined;
}

/** Writes what it is given to the file up to the limit; past it, counts and throws bytes away. */
class Receiver extends Writable {
  received = 0;
  private readonly hash = createHash("md5");
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;

  constructor(
    private readonly handle: FileHandle,
    private readonly limit: number,
    private readonly onOverflow: () => void,
  ) {
    super();
  }

  get overLimit() {
    return this.received > this.limit;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void) {
    this.received += chunk.length;
    if (this.overLimit) {
      if (this.received > this.limit + DRAIN_ALLOWANCE) this.onOverflow();
      return done();
    }
    this.hash.update(chunk);
    if (this.headLength < SNIFF_BYTES) {
      this.headChunks.push(chunk.subarray(0, SNIFF_BYTES - this.headLength));
      this.headLength += Math.min(chunk.length, SNIFF_BYTES - this.headLength);
    }
    this.handle.write(chunk).then(() => done(), done);
  }

  summary() {
    return {
      size: this.received,
      etag: `"${this.hash.digest("hex")}"`,
      head: Buffer.concat(this.headChunks),
    };
  }
}

/** Pipes a body stream into a receiver; resolves once all of it is read (or thrown away). */
function receive(source: Readable, receiver: Receiver): Promise<void> {
  return new Promise((resolve, reject) => {
    source.once("error", reject);
    receiver.once("error", reject);
    receiver.once("finish", resolve);
    source.pipe(receiver);
  });
}

/** The first file of a multipart/form-data body (storage-js sends Blobs and Files so), and its fields. */
function receiveMultipart(req: Request, receiver: Receiver, limit: number) {
  return new Promise<{ fields: Record<string, string>; type?: string; fileName?: string }>(
    (resolve, reject) => {
      const fields: Record<string, string> = {};
      let type: string | undefined;
      let fileName: string | undefined;
      let form: busboy.Busboy;
      try {
        form = busboy({
          headers: req.headers,
          limits: { files: 1, fields: 10, fieldSize: 4096, parts: 12, fileSize: limit + 1 },
        });
      } catch {
        return reject(new AppError("invalid_request", "The multipart body has no valid boundary"));
      }
      let file: Promise<void> | undefined;
      form.on("field", (name, value) => {
        fields[name] = value;
      });
      form.on("file", (_name, stream, info) => {
        if (file) return stream.resume();
        type = info.mimeType;
        fileName = info.filename;
        file = receive(stream, receiver);
        file.catch(reject);
      });
      form.once("error", () => reject(new AppError("invalid_request", "The multipart body is malformed")));
      form.once("close", () => {
        if (!file) return reject(new AppError("invalid_request", "The multipart body holds no file"));
        file.then(() => resolve({ fields, type, fileName }), reject);
      });
      req.pipe(form);
    },
  );
}

/**
 * Receives an upload's body, raw or as a form, into `<dir>/tmp`, streaming: at most `limit` bytes are
 * written, and an upload over it is refused (413) with nothing kept. A body declared far too large is
 * refused before it is read.
 */
export async function stageUpload(req: Request, dir: string, limit: number): Promise<StagedUpload> {
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  if (declared > limit + DRAIN_ALLOWANCE) throw tooLarge(limit);
  const tmp = join(dir, "tmp");
  await mkdir(tmp, { recursive: true, mode: 0o700 });
  const file = join(tmp, `${randomUUID()}.part`);
  const discard = () => rm(file, { force: true });
  const handle = await open(file, "wx", 0o600);
  const receiver = new Receiver(handle, limit, () => req.destroy());
  try {
    let cacheControl = parseMaxAge(req.headers["cache-control"]);
    let claimedType = req.headers["content-type"];
    let fields: Record<string, string> = {};
    let fileName: string | undefined;
    if (req.is("multipart/form-data")) {
      let type: string | undefined;
      ({ fields, type, fileName } = await receiveMultipart(req, receiver, limit));
      cacheControl = parseMaxAge(fields.cacheControl) ?? cacheControl;
      claimedType = type;
    } else {
      await receive(req, receiver);
    }
    if (receiver.overLimit) throw tooLarge(limit);
    await handle.sync();
    await handle.close();
    return { file, ...receiver.summary(), cacheControl, claimedType, fields, fileName, discard };
  } catch (err) {
    await handle.close().catch(() => {});
    await discard();
    if (err instanceof AppError) throw err;
    throw new AppError("invalid_request", "The upload was interrupted");
  }
}

/**
 * Bytes the server made itself (a rendered document) staged like an upload, so they are committed by the
 * same path: detected by their magic numbers, size-checked against the bucket, written with their row.
 */
export async function stageBytes(dir: string, bytes: Buffer): Promise<StagedUpload> {
  const tmp = join(dir, "tmp");
  await mkdir(tmp, { recursive: true, mode: 0o700 });
  const file = join(tmp, `${randomUUID()}.part`);
  const discard = () => rm(file, { force: true });
  const handle = await open(file, "wx", 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (err) {
    await discard();
    throw err;
  } finally {
    await handle.close();
  }
  return {
    file,
    size: bytes.length,
    etag: `"${createHash("md5").update(bytes).digest("hex")}"`,
    head: bytes.subarray(0, SNIFF_BYTES),
    discard,
  };
}
