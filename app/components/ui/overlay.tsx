import * as styles from "./overlay.css";

/** A full-screen message while something runs or just succeeded (announced politely). */
export function Overlay({ title, text }: { title: string; text?: string }) {
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <div className={styles.box}>
        <p className={styles.title}>{title}</p>
        {text ? <p className={styles.text}>{text}</p> : null}
      </div>
    </div>
  );
}
