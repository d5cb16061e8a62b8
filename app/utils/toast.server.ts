import { randomUUID } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";

export type ToastType = "success" | "error" | "info";
export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
  /** "en" when the title (and description) are the spec's English words. */
  lang?: "en";
  /** A Bulgarian line shown with an English notice. */
  note?: string;
  /** The spec's English words of a Bulgarian notice, shown after it with lang="en". */
  english?: string;
  /**
   * A form's failed attempt (useErrorToast): it goes as soon as a success is shown, so the
   * message of an attempt that failed never stands beside the one that then worked.
   */
  attempt?: boolean;
}

// A one-shot message carried by a cookie across the redirect that follows a POST.
const toastCookie = createCookie("toast", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

/** A Set-Cookie header value that shows this toast on the next page. */
export async function toastHeader(toast: Omit<Toast, "id">): Promise<string> {
  return toastCookie.serialize({ ...toast, id: randomUUID() });
}

/** The pending toast, if any, and the header that clears it. */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; clear: string | null }> {
  const value = await toastCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object" || typeof value.title !== "string") {
    return { toast: null, clear: null };
  }
  return { toast: value as Toast, clear: await toastCookie.serialize("", { maxAge: 0 }) };
}

/**
 * The answer after a POST that worked: a redirect that shows a toast on the next page (the Epic
 * Stack's redirectWithToast). A plain string is a success title.
 */
export async function redirectWithToast(
  to: string,
  toast: string | (Omit<Toast, "id" | "type"> & { type?: ToastType }),
  init: ResponseInit = {},
) {
  const value = typeof toast === "string" ? { title: toast } : toast;
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader({ type: "success", ...value }));
  return redirect(to, { ...init, headers });
}
