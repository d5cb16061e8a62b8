import { PrefetchPageLinks, useLocation, useNavigate } from "@remix-run/react";
import { type FocusEvent, type MouseEvent, type ReactNode, useCallback, useState } from "react";

/*
 * Plain <a href> links that the app follows with its router, as a <Link> would (no page reload),
 * through one click handler on the part of the page that holds them: the shell's header, a long
 * list's body. A plain left click without a modifier key on a link of this origin, with no target
 * and no download, is followed in the app; any other click (a new tab, a download) and every click
 * without JavaScript is the browser's own.
 *
 * Why not a <Link> each: a <Link> resolves its path three times through the router as it renders;
 * the shell's 25 and a list's 50 were a fifth of the server's CPU for a list page (decisions 021,
 * 026). A link here is written with its absolute path, so there is nothing to resolve.
 */

/** The one click handler: follows the clicked in-app link with `navigate`. */
export function useFollowLinks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<Element>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element).closest("a");
      if (!link || !event.currentTarget.contains(link)) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      if (link.origin !== window.location.origin || link.hasAttribute("data-reload")) return;
      event.preventDefault();
      navigate(`${link.pathname}${link.search}${link.hash}`);
    },
    [navigate],
  );
}

type Path = `/${string}`;

/** A menu's link: `aria-current="page"` on the page it leads to (and, unless `end`, below it). */
export function MenuLink({
  to,
  end = false,
  className,
  children,
}: {
  to: Path;
  end?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const here = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  const target = to.toLowerCase();
  const current = here === target || (!end && here.startsWith(`${target}/`));
  return (
    <a href={to} className={className} aria-current={current ? "page" : undefined}>
      {children}
    </a>
  );
}

/**
 * A menu's links are prefetched when the pointer rests on one or it takes the focus (what
 * <Link prefetch="intent"> did): the page's modules and data, as <link rel="prefetch">.
 */
export function usePrefetchOnIntent() {
  const [page, setPage] = useState<string | null>(null);
  const onIntent = useCallback((event: MouseEvent<Element> | FocusEvent<Element>) => {
    const link = (event.target as Element).closest("a");
    if (link && link.origin === window.location.origin) setPage(link.pathname);
  }, []);
  const links = page ? <PrefetchPageLinks page={page} /> : null;
  return { onMouseOver: onIntent, onFocus: onIntent, links };
}
