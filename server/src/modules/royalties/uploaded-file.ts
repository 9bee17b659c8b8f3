import busboy from "busboy";
import type { Request } from "express";
import { AppError } from "../../http/app-error";

/**
 * The `file` part of a multipart/form-data request, in memory: for small text files (a CWR
 * acknowledgement) that are read whole. A file over `limit` bytes is refused (413) as soon as it passes
 * it; a body that is not multipart, or holds no `file`, is a 400.
 */
export function readUploadedFile(req: Request, limit: number): Promise<{ name: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    if (!req.is("multipart/form-data")) {
      return reject(
        new AppError("invalid_request", "Send the file as multipart/form-data, in a part named file"),
      );
    }
    let form: busboy.Busboy;
    try {
      form = busboy({ headers: req.headers, limits: { files: 1, fields: 10, fileSize: limit, parts: 12 } });
    } catch {
      return reject(new AppError("invalid_request", "The multipart body has no valid boundary"));
    }
    let received: { name: string; bytes: Buffer } | undefined;
    let failed = false;
    const fail = (err: AppError) => {
      failed = true;
      reject(err);
    };
    form.on("file", (field, stream, info) => {
      if (field !== "file" || received) return stream.resume();
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        fail(new AppError("EntityTooLarge", `The file is larger than ${limit} bytes`, { status: 413 }));
        stream.resume();
      });
      stream.on("end", () => {
        received = { name: info.filename ?? "upload", bytes: Buffer.concat(chunks) };
      });
    });
    form.once("error", () => fail(new AppError("invalid_request", "The multipart body is malformed")));
    form.once("close", () => {
      if (failed) return;
      if (!received)
        return reject(new AppError("invalid_request", "The multipart body holds no part named file"));
      resolve(received);
    });
    req.pipe(form);
  });
}
