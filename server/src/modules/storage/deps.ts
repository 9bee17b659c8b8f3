import type { Database } from "../../db/database";
import type { createAuthorizer } from "../../http/authorize";
import type { imageRenderer } from "./render-routes";
import type { StorageService } from "./service";
import type { createUrlSigner } from "./signed-url";

export interface StorageDeps {
  db: Database;
  authorizer: ReturnType<typeof createAuthorizer>;
  service: StorageService;
  urls: ReturnType<typeof createUrlSigner>;
  /** Answers image objects resized and re-encoded (the render routes). */
  sendRender: ReturnType<typeof imageRenderer>;
  /** The server's clock (ms): bucket timestamps and the expiry of used upload tokens. */
  now: () => number;
}
