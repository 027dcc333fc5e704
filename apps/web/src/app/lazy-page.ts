import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** Platform pages load on demand, so the public pages stay small; pages keep named exports. */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }));
}
