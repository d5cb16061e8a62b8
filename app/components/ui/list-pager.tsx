import { Link, useSearchParams } from "@remix-run/react";
import * as listStyles from "~/components/ui/list.css";

/**
 * The keyset pages of a list: «Следващи» carries the cursor of the last row shown, «Към началото»
 * drops it; every filter of the query stays. Nothing when there is only one page.
 */
export function ListPager({ path, nextCursor }: { path: string; nextCursor: string | null }) {
  const [params] = useSearchParams();
  const paged = params.has("after");
  if (!paged && !nextCursor) return null;
  const first = new URLSearchParams(params);
  first.delete("after");
  const next = new URLSearchParams(params);
  if (nextCursor) next.set("after", nextCursor);
  return (
    <nav aria-label="Страници" className={listStyles.toolbar} style={{ marginTop: "1rem" }}>
      {paged ? <Link to={`${path}${first.size ? `?${first}` : ""}`}>« Към началото</Link> : null}
      {nextCursor ? <Link to={`${path}?${next}`}>Следващи »</Link> : null}
    </nav>
  );
}
