import { type ComponentType, lazy } from "react";

/** React.lazy for modules with named exports (we avoid default exports). */
export function lazyNamed<TModule, TName extends keyof TModule>(load: () => Promise<TModule>, name: TName) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
