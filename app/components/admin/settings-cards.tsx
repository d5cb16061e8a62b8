import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { NOTIFICATION_MAX, SETTINGS_FORMS } from "~/modules/admin/settings-constants";
import { formatDate } from "~/utils/dates";
import { typedOr, useFormAnswer } from "~/utils/forms";

/*
 * The cards of /hatterscastle/settings: native forms, each posting its intent, that work without
 * JavaScript; and the list of feedback and support requests.
 */

const useBusy = () => useNavigation().state !== "idle";

/** The banner message every customer page shows (and polls every 60 s). */
export function NotificationCard({ message }: { message: string | null }) {
  const answer = useFormAnswer(SETTINGS_FORMS.notification);
  const form = useFocusFirstInvalid(answer);
  const busy = useBusy();
  return (
    <section className={page.card} aria-labelledby="notification-title">
      <h2 id="notification-title" className={page.cardTitle}>
        Съобщение до клиентите
      </h2>
      <Form method="post" ref={form} noValidate>
        <input type="hidden" name="intent" value="notification" />
        <FormError message={answer?.formError} />
        <FormField
          name="message"
          label="Текст на съобщението"
          multiline
          hint={`Показва се най-горе на всяка страница на клиентите; празно — без съобщение. До ${NOTIFICATION_MAX} знака.`}
          defaultValue={typedOr(answer, "message", message ?? "")}
          error={answer?.fieldErrors.message}
          controlProps={{ maxLength: NOTIFICATION_MAX }}
        />
        <Button type="submit" disabled={busy}>
          Запази съобщението
        </Button>
      </Form>
    </section>
  );
}

/** The logo at the top of every e-mail: PNG or JPEG up to 1 MB, or none. */
export function EmailLogoCard({ logoUrl }: { logoUrl: string | null }) {
  const answer = useFormAnswer(SETTINGS_FORMS.emailLogo);
  const form = useFocusFirstInvalid(answer);
  const busy = useBusy();
  return (
    <section className={page.card} aria-labelledby="email-logo-title">
      <h2 id="email-logo-title" className={page.cardTitle}>
        Лого в имейлите
      </h2>
      {logoUrl ? (
        <img
          src={logoUrl}
          alt="Текущото лого в имейлите"
          style={{ maxHeight: "4rem", maxWidth: "100%", marginBottom: "1rem" }}
        />
      ) : (
        <p>Няма качено лого: имейлите започват с името «Сметка».</p>
      )}
      <Form method="post" encType="multipart/form-data" ref={form} noValidate>
        <input type="hidden" name="intent" value="email-logo" />
        <FormError message={answer?.formError} />
        <FormField
          name="logo"
          label="Файл (PNG или JPEG, до 1 MB)"
          type="file"
          error={answer?.fieldErrors.logo}
          controlProps={{ accept: "image/png,image/jpeg" }}
        />
        <Button type="submit" disabled={busy}>
          Качи логото
        </Button>
      </Form>
      {logoUrl ? (
        <Form method="post" style={{ marginTop: "0.5rem" }}>
          <input type="hidden" name="intent" value="remove-email-logo" />
          <Button type="submit" tone="quiet" disabled={busy}>
            Премахни логото
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

/** Where feedback and support requests are e-mailed. */
export function SupportEmailCard({
  supportEmail,
  serverSupportEmail,
}: {
  supportEmail: string | null;
  serverSupportEmail: string | null;
}) {
  const answer = useFormAnswer(SETTINGS_FORMS.supportEmail);
  const form = useFocusFirstInvalid(answer);
  const busy = useBusy();
  return (
    <section className={page.card} aria-labelledby="support-email-title">
      <h2 id="support-email-title" className={page.cardTitle}>
        Адрес за поддръжка
      </h2>
      <Form method="post" ref={form} noValidate>
        <input type="hidden" name="intent" value="support-email" />
        <FormError message={answer?.formError} />
        <FormField
          name="supportEmail"
          label="Имейл за обратна връзка и поддръжка"
          type="email"
          inputMode="email"
          hint={
            serverSupportEmail
              ? `Празно — изпраща се на ${serverSupportEmail} (SUPPORT_EMAIL на сървъра).`
              : "Празно — заявките само се пазят и се виждат в списъка по-долу."
          }
          defaultValue={typedOr(answer, "supportEmail", supportEmail ?? "")}
          error={answer?.fieldErrors.supportEmail}
          controlProps={{ maxLength: 254 }}
        />
        <Button type="submit" disabled={busy}>
          Запази адреса
        </Button>
      </Form>
    </section>
  );
}

export interface FeedbackItem {
  id: string;
  createdAt: string;
  type: string;
  category: string;
  severity: string | null;
  contactEmail: string;
  companyName: string | null;
  message: string;
  emailed: boolean;
  attachmentName: string | null;
}

const LONG = 300;

/** Feedback and support requests, newest first, with «По-стари» for the next page. */
export function FeedbackList({
  rows,
  nextCursor,
}: {
  rows: FeedbackItem[];
  nextCursor: string | null;
}) {
  const [params] = useSearchParams();
  const paged = params.has("after");
  const columns = [
    "Дата",
    "Вид",
    "Категория",
    "Важност",
    "Подател",
    "Фирма",
    "Съобщение",
    "Изпратено по имейл",
    "Прикачен файл",
  ];
  return (
    <section className={page.card} aria-labelledby="feedback-title" style={{ marginTop: "1.5rem" }}>
      <h2 id="feedback-title" className={page.cardTitle}>
        Обратна връзка и заявки за поддръжка
      </h2>
      {rows.length === 0 ? (
        <p>{paged ? "Няма по-стари заявки." : "Все още няма изпратени заявки."}</p>
      ) : (
        <ScrollTable label="Обратна връзка и заявки за поддръжка">
          <table className={listStyles.table}>
            <caption className="visually-hidden">
              Обратна връзка и заявки за поддръжка, най-новите първи
            </caption>
            <thead>
              <tr>
                {columns.map((label) => (
                  <th key={label} scope="col" className={listStyles.cell}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row" className={listStyles.cell} style={{ whiteSpace: "nowrap" }}>
                    {formatDate(row.createdAt)}
                  </th>
                  <td className={listStyles.cell}>{row.type}</td>
                  <td className={listStyles.cell}>{row.category}</td>
                  <td className={listStyles.cell}>{row.severity ?? "—"}</td>
                  <td className={listStyles.cell}>{row.contactEmail}</td>
                  <td className={listStyles.cell}>{row.companyName ?? "—"}</td>
                  <td
                    className={listStyles.cell}
                    style={{ whiteSpace: "pre-wrap", minWidth: "16rem" }}
                  >
                    {row.message.length > LONG ? (
                      <details>
                        <summary>{`${row.message.slice(0, LONG)}…`}</summary>
                        {row.message}
                      </details>
                    ) : (
                      row.message
                    )}
                  </td>
                  <td className={listStyles.cell}>{row.emailed ? "Да" : "Не"}</td>
                  <td className={listStyles.cell}>
                    {row.attachmentName ? (
                      <a href={`/hatterscastle/feedback/${row.id}/attachment`} download>
                        {row.attachmentName}
                      </a>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      {paged || nextCursor ? (
        <nav
          aria-label="Страници на заявките"
          className={listStyles.toolbar}
          style={{ marginTop: "1rem" }}
        >
          {paged ? <Link to="/hatterscastle/settings">« Към най-новите</Link> : null}
          {nextCursor ? (
            <Link to={`/hatterscastle/settings?after=${nextCursor}#feedback-title`}>
              По-стари »
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
