import * as RadixToast from "@radix-ui/react-toast";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import type { Toast } from "~/utils/toast.server";
import * as styles from "./toaster.css";

export type { Toast };

/*
 * The spec's toast constants (§10 «Toasts»), which are Radix Toast's own behaviour: at most 5,
 * 5 s unless a notice says otherwise (the library default), a swipe of 50 px dismisses, F8 moves
 * focus to the area. Decision 019 records why Radix here and native elements elsewhere.
 */
export const MAX_TOASTS = 5;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"];
/** The area's accessible name; Radix puts the hotkey in place of {hotkey}: «Известия (F8)». */
const VIEWPORT_LABEL = "Известия ({hotkey})";

type ShowToast = (toast: Omit<Toast, "id"> & { id?: string; durationMs?: number }) => void;
const ToastContext = createContext<ShowToast>(() => {});

/** Shows a toast from client code (fetchers, live events). */
export function useToast(): ShowToast {
  return useContext(ToastContext);
}

type Shown = Toast & { durationMs: number };

/**
 * The toast area (Radix Toast): at most five, newest first; each closes after its duration, on
 * its × button, on Escape, or when swiped 50 px to the right; F8 moves focus to the area.
 * Radix draws a toast only in the browser (into the viewport it has measured), so until the page
 * is hydrated the server's flash toast is rendered as plain HTML in the same list: people without
 * JavaScript see it, and the HTML does not change at hydration.
 */
export function Toaster({ initial, children }: { initial: Toast | null; children: ReactNode }) {
  const [toasts, setToasts] = useState<Shown[]>(
    initial ? [{ ...initial, durationMs: TOAST_DURATION_MS }] : [],
  );
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const show = useCallback<ShowToast>((toast) => {
    const id = toast.id ?? `${Date.now()}-${Math.random()}`;
    setToasts((current) =>
      [
        { ...toast, id, durationMs: toast.durationMs ?? TOAST_DURATION_MS },
        ...current.filter((t) => t.id !== id),
      ].slice(0, MAX_TOASTS),
    );
  }, []);

  // A new flash toast arrives with each navigation that set one.
  useEffect(() => {
    if (initial) show(initial);
  }, [initial, show]);

  const dismiss = useCallback(
    (id: string) => setToasts((current) => current.filter((t) => t.id !== id)),
    [],
  );

  return (
    <ToastContext.Provider value={show}>
      <RadixToast.Provider
        label="Известие"
        duration={TOAST_DURATION_MS}
        swipeDirection="right"
        swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      >
        {children}
        {toasts.map((toast) => (
          <RadixToast.Root
            key={toast.id}
            duration={toast.durationMs}
            type={toast.type === "error" ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) dismiss(toast.id);
            }}
            className={styles.toast[toast.type]}
          >
            <ToastBody toast={toast} />
            <RadixToast.Close className={styles.close} aria-label="Затвори известието">
              ×
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport hotkey={TOAST_HOTKEY} label={VIEWPORT_LABEL} className={styles.list}>
          {hydrated
            ? null
            : toasts.map((toast) => (
                <li key={toast.id} className={styles.toast[toast.type]}>
                  <ToastBody toast={toast} />
                </li>
              ))}
        </RadixToast.Viewport>
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/**
 * The words of a toast, in its own live region (an error is an alert). Radix also copies a new
 * toast's text into a hidden announcer for a second; the text is left out of that copy
 * (data-radix-toast-announce-exclude) so it is announced once and found once on the page.
 */
function ToastBody({ toast }: { toast: Toast }) {
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-radix-toast-announce-exclude=""
      className={styles.body}
    >
      <p className={styles.title} lang={toast.lang}>
        {toast.title}
      </p>
      {toast.description ? (
        <p className={styles.description} lang={toast.lang}>
          {toast.description}
        </p>
      ) : null}
      {toast.note ? <p className={styles.description}>{toast.note}</p> : null}
    </div>
  );
}
