import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import type { Toast } from "~/utils/toast.server";
import * as styles from "./toaster.css";

export type { Toast };
export const MAX_TOASTS = 5;
const DEFAULT_DURATION_MS = 5_000;

type ShowToast = (toast: Omit<Toast, "id"> & { id?: string; durationMs?: number }) => void;
const ToastContext = createContext<ShowToast>(() => {});

/** Shows a toast from client code (fetchers, live events). */
export function useToast(): ShowToast {
  return useContext(ToastContext);
}

type Shown = Toast & { durationMs: number };

/**
 * The toast area: at most five, newest first; each closes after its duration. The server's
 * flash toast is rendered into the HTML, so people without JavaScript see it too. F8 moves
 * focus to the area, as in Radix Toast.
 */
export function Toaster({ initial, children }: { initial: Toast | null; children: ReactNode }) {
  const [toasts, setToasts] = useState<Shown[]>(
    initial ? [{ ...initial, durationMs: DEFAULT_DURATION_MS }] : [],
  );
  const region = useRef<HTMLElement>(null);

  const show = useCallback<ShowToast>((toast) => {
    const id = toast.id ?? `${Date.now()}-${Math.random()}`;
    setToasts((current) =>
      [
        { ...toast, id, durationMs: toast.durationMs ?? DEFAULT_DURATION_MS },
        ...current.filter((t) => t.id !== id),
      ].slice(0, MAX_TOASTS),
    );
  }, []);

  // A new flash toast arrives with each navigation that set one.
  useEffect(() => {
    if (initial) show(initial);
  }, [initial, show]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const dismiss = useCallback(
    (id: string) => setToasts((current) => current.filter((t) => t.id !== id)),
    [],
  );

  return (
    <ToastContext.Provider value={show}>
      {children}
      <section ref={region} aria-label="Известия (F8)" tabIndex={-1} className={styles.region}>
        <ol className={styles.list}>
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Shown; onDismiss: (id: string) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, onDismiss]);
  // The live-region role sits inside the <li>: on the <li> itself it would hide the list item.
  return (
    <li>
      <div className={styles.toast[toast.type]} role={toast.type === "error" ? "alert" : "status"}>
        <div>
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
        <button
          type="button"
          className={styles.close}
          onClick={() => onDismiss(toast.id)}
          aria-label="Затвори известието"
        >
          ×
        </button>
      </div>
    </li>
  );
}
