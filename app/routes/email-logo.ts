import type { LoaderFunctionArgs } from "@remix-run/node";
import { emailLogoHash, getEmailLogo } from "~/modules/settings/app-settings.server";

/**
 * GET /email-logo?v=<hash> — the logo admins set for the top of every e-mail, public because
 * mail clients fetch it without a session. The version in the address is the logo's hash, so the
 * current one is cached for a year; an old address is cached briefly.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const version = new URL(request.url).searchParams.get("v") ?? "";
  const headersFor = (hash: string) => ({
    ETag: `"${hash}"`,
    "Cache-Control":
      version.length >= 16 && hash.startsWith(version)
        ? "public, max-age=31536000, immutable"
        : "public, max-age=300",
    "X-Content-Type-Options": "nosniff",
  });
  // A revalidation is answered from the hash, without reading the bytes.
  const hash = await emailLogoHash(context.db);
  if (hash && request.headers.get("If-None-Match") === `"${hash}"`) {
    return new Response(null, { status: 304, headers: headersFor(hash) });
  }
  const logo = hash ? await getEmailLogo(context.db) : null;
  if (!logo) {
    return new Response("Няма лого", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" },
    });
  }
  return new Response(logo.bytes as unknown as BodyInit, {
    headers: {
      ...headersFor(logo.hash),
      "Content-Type": logo.type,
      "Content-Length": String(logo.bytes.byteLength),
    },
  });
}
