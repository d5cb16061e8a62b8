import { type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { expect } from "vitest";

/*
 * What a person reads on a page: the route's view drawn on the server with the answer of its
 * loader (a data router around the one route, as Remix draws it), the tags dropped. For the
 * pages' tests to assert on the text, the captions and the table headers a reader gets.
 */

/** The page's HTML and its text (tags dropped, no-break spaces as spaces, spaces joined). */
export async function pageOf(view: ComponentType, answer: Response, path: string) {
  expect(answer.status, `${path}: ${answer.status}`).toBe(200);
  const data = (await answer.json()) as Record<string, unknown>;
  const handler = createStaticHandler([
    { id: "page", path: "*", loader: () => data, Component: view },
  ]);
  const context = await handler.query(new Request(new URL(path, "http://localhost:3000")));
  if (context instanceof Response) throw new Error(`${path}: the static handler answered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToStaticMarkup(
    createElement(StaticRouterProvider, { router, context, hydrate: false }),
  );
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|[\u00a0\u202f]/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { html, text };
}
