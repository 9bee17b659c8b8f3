import { apiHeaders } from "@/lib/api-fetch";

/** How far a request body has gone up: bytes sent of the total (null while the browser cannot say). */
export type UploadProgress = { sent: number; total: number | null };

/**
 * Posts a multipart form as the signed-in user and answers the parsed JSON body. XMLHttpRequest rather
 * than fetch, because only it reports the upload's progress, which a large statement file needs. A
 * refusal rejects with `{ status, body }`, which describeApiError turns into its message.
 */
export async function postFormWithProgress(
  url: string,
  form: FormData,
  onProgress: (progress: UploadProgress) => void,
): Promise<unknown> {
  const headers = await apiHeaders();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) =>
      onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : null });
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(body);
      else reject({ status: request.status, body });
    };
    request.onerror = () => reject(new TypeError("The upload could not reach the server"));
    request.send(form);
  });
}
