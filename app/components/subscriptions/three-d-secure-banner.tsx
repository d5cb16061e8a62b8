import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import * as styles from "~/components/layout/app-shell.css";
import { CancelUpgradeForm } from "./upgrade-confirm";

const key = (secret: string) => `smetka:3ds-dismissed:${secret}`;

/**
 * "A payment waits for 3-D Secure" across the app. Dismissing it hides it for this browser
 * session and this payment only (a new payment shows it again); «Откажи надграждането» gives the
 * payment up for good (issue #41, item 9), without JavaScript too.
 */
export function ThreeDSecureBanner({
  clientSecret,
  url,
}: {
  clientSecret: string;
  url?: string | null;
}) {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    setDismissed(sessionStorage.getItem(key(clientSecret)) === "1");
  }, [clientSecret]);
  if (dismissed) return null;
  return (
    <div className={styles.bannerWarning} role="alert">
      Плащането за абонамента изисква потвърждение от банката (3-D Secure).{" "}
      <Link to={url ?? `/settings/subscription/confirm?secret=${encodeURIComponent(clientSecret)}`}>
        Потвърди плащането
      </Link>{" "}
      <CancelUpgradeForm className={styles.bannerButton} />{" "}
      <button
        type="button"
        className={styles.bannerButton}
        onClick={() => {
          sessionStorage.setItem(key(clientSecret), "1");
          setDismissed(true);
        }}
      >
        Скрий
      </button>
    </div>
  );
}
