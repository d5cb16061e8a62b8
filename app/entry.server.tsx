import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  LoaderFunctionArgs,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { requestUser } from "~/modules/auth/request-user.server";
import { NonceProvider } from "~/utils/nonce-provider";
import { wholeResponse } from "~/utils/whole-body.server";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The app has no Suspense boundaries and no deferred data, so a document is complete when its
  // shell is: it is rendered to one string (React's string renderer, without the streaming
  // renderer's per-chunk byte encoding; bench ladder, #17) and answered whole, with its length.
  // An error while rendering throws to Remix, which renders the route's error boundary instead.
  const html = renderToString(
    <NonceProvider value={loadContext.cspNonce ?? ""}>
      <RemixServer context={remixContext} url={request.url} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A signed-in page is never kept by the browser: after a switch of company (or a sign-out) the
  // back button asks the server again instead of showing the previous company's page (#29).
  if (requestUser(loadContext) && !responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", "private, no-store");
  }
  return wholeResponse(`<!DOCTYPE html>${html}`, {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

/** Logs unexpected server errors once, with the request they belong to; never to the user. */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  console.error(`Error in ${request.method} ${url.pathname}:`, error);
}
