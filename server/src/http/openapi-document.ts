import {
  apiErrorSchema,
  apiKeyErrorSchema,
  authErrorSchema,
  contract,
  postgrestErrorSchema,
  restErrorResponses,
  SITE_NAME,
  storageErrorSchema,
} from "@app/contracts";
import { initContract } from "@ts-rest/core";
import { generateOpenApi } from "@ts-rest/open-api";
import type { ZodTypeAny } from "zod";
import { shareRepeatedSchemas } from "./openapi-shared-schemas";

/** The OpenAPI document of the whole contract, serialised: the build writes it to dist/openapi.json. */
export const openApiDocumentJson = (): string => JSON.stringify(openApiDocument());

function openApiDocument() {
  const doc = generateOpenApi(
    contract,
    {
      info: {
        title: `${SITE_NAME} API`,
        version: "1.0.0",
        description:
          "Auth (GoTrue-compatible, /auth/v1), data (PostgREST subset, /rest/v1), file storage (Supabase Storage-compatible, /storage/v1) and operations. Send the anonymous key in the `apikey` header; signed-in calls add `Authorization: Bearer <access_token>`.",
      },
      components: {
        securitySchemes: {
          apikey: { type: "apiKey", in: "header", name: "apikey" },
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        },
      },
      security: [{ apikey: [] }],
    },
    { setOperationId: "concatenated-path" },
  );
  return shareRepeatedSchemas(doc, namedSchemas());
}

/** The schemas an integrator looks up by name, each keyed by the JSON the generator makes of it. */
function namedSchemas(): Map<string, string> {
  const named: Record<string, ZodTypeAny> = {
    PostgrestError: postgrestErrorSchema,
    // A missing or unusable key is answered by the gateway before PostgREST's own error shape applies.
    PostgrestOrApiKeyError: restErrorResponses[401],
    ApiError: apiErrorSchema,
    ApiKeyError: apiKeyErrorSchema,
    AuthError: authErrorSchema,
    StorageError: storageErrorSchema,
  };
  // The same generator renders each one, so its text matches the operations' inline copies exactly.
  const c = initContract();
  const probe = c.router(
    Object.fromEntries(
      Object.entries(named).map(([name, schema]) => [
        name,
        { method: "GET", path: `/${name}`, responses: { 200: schema } },
      ]),
    ) as Parameters<typeof c.router>[0],
  );
  const doc = generateOpenApi(probe, { info: { title: "", version: "" } });
  return new Map(
    Object.keys(named).map((name) => [
      JSON.stringify(doc.paths[`/${name}`].get.responses[200].content["application/json"].schema),
      name,
    ]),
  );
}
