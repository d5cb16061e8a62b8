import { type AppLoadContext, createCookie } from "@remix-run/node";
import { SESSION_MS } from "~/modules/auth/session.server";

/*
 * The session cookie and the bearer header: how a request names its session (decision 052: what
 * is about HTTP lives in app/web; the sessions themselves are rows, in modules/auth).
 */

const cookies = new Map<string, ReturnType<typeof createCookie>>();

/** The session cookie: HttpOnly, SameSite=Lax, Secure behind https, signed; holds only the token. */
export function sessionCookie(config: AppLoadContext["config"]) {
  const key = `${config.sessionSecret}|${config.secureCookies}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie("__session", {
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/",
      maxAge: SESSION_MS / 1000,
      secrets: [config.sessionSecret],
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

/** The session token of a request: the bearer token first, then the cookie. */
export async function readSessionToken(
  request: Request,
  context: AppLoadContext,
): Promise<string | null> {
  const authorization = request.headers.get("Authorization");
  if (authorization?.startsWith("Bearer ")) return authorization.slice(7).trim() || null;
  const value = await sessionCookie(context.config).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/** Set-Cookie value that signs the browser in with this token. */
export function commitSessionCookie(context: AppLoadContext, token: string): Promise<string> {
  return sessionCookie(context.config).serialize(token);
}

/** Set-Cookie value that forgets the session. */
export function clearSessionCookie(context: AppLoadContext): Promise<string> {
  return sessionCookie(context.config).serialize("", { maxAge: 0 });
}
