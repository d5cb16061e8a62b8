import { STATE_LABELS } from "~/modules/invoices/constants";
import type { DocumentState } from "~/modules/invoices/payments.server";
import * as styles from "./invoices.css";

/** The document's state in words (never by colour alone). */
export function PaymentBadge({
  status,
  state,
}: {
  status: "draft" | "issued" | "cancelled";
  state: DocumentState | null;
}) {
  const key = status === "issued" ? (state ?? "issued") : status;
  const className =
    key === "paid"
      ? styles.badgeOk
      : key === "overdue" || key === "cancelled"
        ? styles.badgeDanger
        : key === "partially_paid" || key === "unpaid"
          ? styles.badgeWarn
          : key === "draft" || key === "converted"
            ? styles.badgeMuted
            : styles.badge;
  return <span className={className}>{STATE_LABELS[key]}</span>;
}
