import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import { CompanyField } from "~/components/forms/company-field";
import * as styles from "./app-shell.css";

/**
 * The customer view's banner (spec §4): the admin sees whose app this is and returns to the back
 * office. Without JavaScript the form posts to /admin-return; with it, what this tab kept for the
 * customer is cleared first and the browser goes to /admin-return with id and username.
 */
export function ImpersonationBanner({
  email,
  customerId,
  customerEmail,
}: {
  email: string;
  customerId: string;
  customerEmail: string;
}) {
  const query = new URLSearchParams({ id: customerId, username: customerEmail });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith("smetka:")) sessionStorage.removeItem(key);
    }
    window.location.assign(`/admin-return?${query}`);
  };
  return (
    <div className={styles.bannerWarning} role="note" aria-label="Клиентски изглед">
      <strong>Клиентски изглед:</strong> разглеждате приложението като {customerEmail}. Влезли сте
      като администратор {email}; всяка страница и действие се записват в дневника.{" "}
      <Form method="post" action="/admin-return" style={{ display: "inline" }} onSubmit={onSubmit}>
        <CompanyField />
        <input type="hidden" name="id" value={customerId} />
        <input type="hidden" name="username" value={customerEmail} />
        <button type="submit" className={styles.bannerButton}>
          Върни се в администрацията
        </button>
      </Form>
    </div>
  );
}
