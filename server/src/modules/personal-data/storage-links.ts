/**
 * Files a row points at: any text in it that is a path of the storage API (`/storage/v1/object/…`, also
 * as a public, authenticated or signed URL), as bucket and key.
 */
const OBJECT_PATH =
  /\/storage\/v1\/object\/(?:public\/|authenticated\/|sign\/)?([A-Za-z0-9_-]+)\/([^"'\s?#<>\\]+)/g;

export interface ObjectRef {
  bucket: string;
  key: string;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

export function storageRefs(...values: unknown[]): ObjectRef[] {
  const refs = new Map<string, ObjectRef>();
  for (const value of values) {
    const text = typeof value === "string" ? value : JSON.stringify(value ?? null);
    for (const [, bucket = "", path = ""] of text.matchAll(OBJECT_PATH)) {
      const key = path.split("/").map(decode).join("/");
      refs.set(`${bucket}/${key}`, { bucket, key });
    }
  }
  return [...refs.values()];
}

/** The forms a reference to the object takes in stored text: its path as is, and percent-encoded. */
export const refNeedles = ({ bucket, key }: ObjectRef) => [
  ...new Set([`${bucket}/${key}`, `${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`]),
];
