import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
} from "react";
import type { Toast } from "~/utils/toast.server";
import { ToastBody } from "./toast-body";
import { MAX_TOASTS, type Shown, TOAST_AREA_LABEL, TOAST_DURATION_MS } from "./toast-constants";
import * as styles from "./toaster.css";

export type { Toast };
export { MAX_TOASTS };

// Radix Toast is only for the browser with JavaScript: it comes in its own chunk after hydration.
const RadixToasts = lazy(() => import("./radix-toasts"));

type ShowToast = (toast: Omit<Toast, "id"> & { id?: string; durationMs?: number }) => void;
const ToastContext = createContext<ShowToast>(() => {});

/** Shows a toast from client code (fetchers, live events). */
export function useToast(): ShowToast {
  return useContext(ToastContext);
}

/**
 * The toast area: at most five, newest first (decision 019). The server's flash toast is rendered
 * as plain HTML in the «Известия (F8)» region, so people without JavaScript see it; the browser
 * keeps that HTML through hydration, then hands the list to Radix Toast (swipe, F8, Escape,
 * timers) when its chunk arrives.
 */
export function Toaster({ initial, children }: { initial: Toast | null; children: ReactNode }) {
  const [toasts, setToasts] = useState<Shown[]>(
    initial ? [{ ...initial, durationMs: TOAST_DURATION_MS }] : [],
  );
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const show = useCallback<ShowToast>((toast) => {
    const id = toast.id ?? `${Date.now()}-${Math.random()}`;
    // A success makes the failed attempts before it stale (issue #31 item 1).
    const stale = (t: Shown) => t.id === id || (toast.type === "success" && t.attempt === true);
    setToasts((current) =>
      [
        { ...toast, id, durationMs: toast.durationMs ?? TOAST_DURATION_MS },
        ...current.filter((t) => !stale(t)),
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

  const plain = <PlainToasts toasts={toasts} />;
  return (
    <ToastContext.Provider value={show}>
      {children}
      {hydrated ? (
        <Suspense fallback={plain}>
          <RadixToasts toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      ) : (
        plain
      )}
    </ToastContext.Provider>
  );
}

/** The area as HTML (the server, and the browser until Radix arrives): the same region and list. */
function PlainToasts({ toasts }: { toasts: Shown[] }) {
  return (
    <div role="region" aria-label={TOAST_AREA_LABEL.replace("{hotkey}", "F8")} tabIndex={-1}>
      <ol tabIndex={-1} className={styles.list}>
        {toasts.map((toast) => (
          <li key={toast.id} className={styles.toast[toast.type]}>
            <ToastBody toast={toast} />
          </li>
        ))}
      </ol>
    </div>
  );
}
