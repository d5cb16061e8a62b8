import type { Toast } from "~/utils/toast.server";
import * as styles from "./toaster.css";

/**
 * The words of a toast, in its own live region (an error is an alert). Radix also copies a new
 * toast's text into a hidden announcer for a second; the text is left out of that copy
 * (data-radix-toast-announce-exclude) so it is announced once and found once on the page.
 */
export function ToastBody({ toast }: { toast: Toast }) {
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
      {toast.english ? (
        <p className={styles.description} lang="en">
          {toast.english}
        </p>
      ) : null}
    </div>
  );
}
