import { type ComponentType, lazy } from "react";

/** React.lazy for modules with named exports (we avoid default exports); the component keeps its props. */
export function lazyNamed<TModule, TName extends keyof TModule>(load: () => Promise<TModule>, name: TName) {
  type Props = TModule[TName] extends ComponentType<infer P> ? P : never;
  return lazy(async () => ({ default: (await load())[name] as ComponentType<Props> }));
}
