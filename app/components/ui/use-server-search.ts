import { useEffect, useRef, useState } from "react";

/**
 * A list searched on the server as the person types (for `Combobox`'s `onQuery`): each query is
 * asked ~200 ms after the last keystroke, an older answer still on its way is dropped, and a
 * search that fails leaves the list as it was.
 */
export function useServerSearch<T>(
  address: (query: string) => string,
  read: (body: unknown) => T[],
  initial: T[] = [],
) {
  const [items, setItems] = useState<T[]>(initial);
  const [query, setQuery] = useState<string | null>(null);
  // The latest functions, without restarting the search when a parent re-renders.
  const latest = useRef({ address, read });
  latest.current = { address, read };
  useEffect(() => {
    if (query === null) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(latest.current.address(query), {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (response.ok) setItems(latest.current.read(await response.json()));
      } catch {
        // Aborted by a newer query, or the network: the list stays as it was.
      }
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  return { items, search: setQuery };
}
