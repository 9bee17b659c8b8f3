import type { Database } from "../../db/database";
import type { createAuthorizer } from "../../http/authorize";
import type { StorageService } from "./service";
import type { createUrlSigner } from "./signed-url";

export interface StorageDeps {
  db: Database;
  authorizer: ReturnType<typeof createAuthorizer>;
  service: StorageService;
  urls: ReturnType<typeof createUrlSigner>;
}
