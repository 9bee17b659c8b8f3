import { contract } from "@app/contracts";

/**
 * The storage routes that carry a file's bytes, served by hand: an upload is streamed to disk as it
 * arrives (never parsed or held in memory) and a download streamed out with its own headers, neither of
 * which ts-rest's JSON bodies can do. Every other storage route is served through the contract.
 */
export const STREAM_ROUTES = [
  "uploadObject",
  "updateObject",
  "uploadToSignedUrl",
  "downloadObject",
  "downloadAuthenticatedObject",
  "downloadPublicObject",
  "downloadSignedObject",
  "renderPublicImage",
  "renderAuthenticatedImage",
  "renderSignedImage",
] as const satisfies readonly (keyof typeof contract.storage)[];

export type StreamRoute = (typeof STREAM_ROUTES)[number];
type JsonRoute = Exclude<keyof typeof contract.storage, StreamRoute>;

const isStream = (name: string): name is StreamRoute => (STREAM_ROUTES as readonly string[]).includes(name);

/** The storage contract without its stream routes: what ts-rest serves. */
export const storageJsonContract = Object.fromEntries(
  Object.entries(contract.storage).filter(([name]) => !isStream(name)),
) as Pick<typeof contract.storage, JsonRoute>;
