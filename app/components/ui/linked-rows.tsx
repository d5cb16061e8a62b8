import { useNavigate } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";

/**
 * The body of a long list whose rows link to their records with plain <a href> links, which one
 * click handler for the whole body follows in the app as a <Link> would (no page reload): a plain
 * left click without a modifier key, on a link of this origin with no target or download. Any
 * other click (a new tab, a download) and every click without JavaScript is the browser's own.
 *
 * Why not a <Link> per row: each renders its path resolved three times through the router; 50 of
 * them were a tenth of the server's CPU for the page (decision 021).
 */
export function LinkedRows({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLTableSectionElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest("a");
    if (!link || !event.currentTarget.contains(link)) return;
    if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    if (link.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${link.pathname}${link.search}${link.hash}`);
  };
  // The clicks handled are the links' own (a keyboard's Enter on a link included).
  return <tbody onClick={onClick}>{children}</tbody>;
}
