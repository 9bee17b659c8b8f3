import { contract } from "@app/contracts";
import { type AppRoute, isAppRoute } from "@ts-rest/core";

/** Every route of the contract, named by its path in the router (e.g. `events.listEvents`). */
export function contractRoutes(router: object = contract, prefix = ""): [string, AppRoute][] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value)
      ? [[`${prefix}${key}`, value] as [string, AppRoute]]
      : contractRoutes(value, `${prefix}${key}.`),
  );
}
