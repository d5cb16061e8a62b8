import * as RadixToast from "@radix-ui/react-toast";
import { ToastBody } from "./toast-body";
import {
  type Shown,
  TOAST_AREA_LABEL,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
} from "./toast-constants";
import * as styles from "./toaster.css";

/**
 * The toast area once JavaScript runs (Radix Toast, its own chunk): each toast closes after its
 * duration, on its × button, on Escape, or when swiped 50 px to the right; F8 moves focus to the
 * area; the timers pause while the pointer or focus is in it.
 */
export default function RadixToasts({
  toasts,
  onDismiss,
}: {
  toasts: Shown[];
  onDismiss: (id: string) => void;
}) {
  return (
    <RadixToast.Provider
      label="Известие"
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          duration={toast.durationMs}
          type={toast.type === "error" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) onDismiss(toast.id);
          }}
          className={styles.toast[toast.type]}
        >
          <ToastBody toast={toast} />
          <RadixToast.Close className={styles.close} aria-label="Затвори известието">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport hotkey={TOAST_HOTKEY} label={TOAST_AREA_LABEL} className={styles.list} />
    </RadixToast.Provider>
  );
}
