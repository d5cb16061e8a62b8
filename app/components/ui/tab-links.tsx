import { Link } from "@remix-run/react";
import * as styles from "./tab-links.css";

/**
 * Tabs that are links (?tab=…): each view has its own address, works without JavaScript, and the
 * current one is marked with aria-current.
 */
export function TabLinks({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: readonly { key: string; label: string; to: string }[];
  current: string;
}) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          className={styles.tab}
          aria-current={tab.key === current ? "page" : undefined}
          preventScrollReset
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
