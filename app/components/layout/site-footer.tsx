import * as styles from "./app-shell.css";

/** Copyright with the current year and the marketing site's About, Privacy and Contacts pages. */
export function SiteFooter({ marketingUrl }: { marketingUrl: string }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <p>© {new Date().getFullYear()} Сметка</p>
        <ul className={styles.footerLinks}>
          <li>
            <a href={`${marketingUrl}/about`}>За нас</a>
          </li>
          <li>
            <a href={`${marketingUrl}/privacy`}>Поверителност</a>
          </li>
          <li>
            <a href={`${marketingUrl}/contacts`}>Контакти</a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
