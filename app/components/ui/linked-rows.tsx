import type { ReactNode } from "react";
import { useFollowLinks } from "./in-app-links";

/**
 * The body of a long list whose rows link to their records with plain <a href> links, followed in
 * the app by one click handler for the whole body (`in-app-links.tsx`): a <Link> per row resolved
 * its path three times; 50 of them were a tenth of the server's CPU for the page (decision 021).
 */
export function LinkedRows({ children }: { children: ReactNode }) {
  // The clicks handled are the links' own (a keyboard's Enter on a link included).
  return <tbody onClick={useFollowLinks()}>{children}</tbody>;
}
