import { type ComponentType, lazy, type ReactNode, Suspense } from "react";

/**
 * A component the server renders in place and the browser loads apart (docs/conventions.md, «What
 * the browser gets»). `eager` is the component from a `*.server` re-export: the real one on the
 * server, undefined in the browser build, where `load` brings it in its own chunk. The HTML is there
 * without JavaScript; the browser keeps it until the chunk arrives, then hydrates it. Pages that
 * import the result ask for the chunk as their module loads (`preload`), beside their data, so a
 * client-side navigation shows it with the page; meanwhile `fallback` holds its place.
 */
export function hydrateLazily<Props extends object>(
  eager: ComponentType<Props> | undefined,
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode,
): ComponentType<Props> {
  const Impl = (eager ?? lazy(async () => ({ default: await load() }))) as ComponentType<object>;
  return function HydratedLazily(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Impl {...props} />
      </Suspense>
    );
  };
}

/** Asks for a lazy chunk now, in the browser only (the server has every module). */
export function preload(load: () => Promise<unknown>) {
  if (typeof document !== "undefined") void load();
}
