import type { ReactNode } from "react";
import * as styles from "./scroll-table.css";

/**
 * A table that may be wider than a phone's screen: it scrolls sideways inside a region that is
 * labelled and can take keyboard focus, so the arrow keys scroll it (WCAG 2.1.1, axe
 * scrollable-region-focusable).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.wrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
