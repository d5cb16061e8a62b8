import { Form, useActionData } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import * as list from "~/components/ui/list.css";
import { DOCUMENT_TYPES } from "~/modules/invoices/constants";
import {
  PORTAL_EXPIRY_CHOICES,
  PORTAL_LINK_STATES,
  PORTAL_MESSAGES,
  type PortalLinkEmail,
  type PortalLinkState,
} from "~/modules/portal/constants";
import { formatDate } from "~/utils/dates";
import { typedOr, useFormAnswer } from "~/utils/forms";

/** A link as the client's page gets it from its loader. */
export interface PortalLinkView {
  id: string;
  createdAt: string;
  createdByName: string | null;
  expiresAt: string;
  revokedAt: string | null;
  lastViewedAt: string | null;
  views: number;
  state: PortalLinkState;
  email: PortalLinkEmail | null;
}

/** «от имейла с Фактура № … до …»: which e-mail made a link that no person made. */
export function emailOrigin(email: PortalLinkEmail): string {
  const what = email.kind === "offer" ? "Оферта" : DOCUMENT_TYPES[email.documentType ?? "invoice"];
  const numbered = email.number ? `${what} № ${email.number}` : what;
  const sent = email.kind === "reminder" ? `напомнянето за ${numbered}` : `имейла с ${numbered}`;
  return `от ${sent} до ${email.to}`;
}

const dateTime = (value: string) =>
  new Date(value).toLocaleString("bg-BG", {
    timeZone: "Europe/Sofia",
    dateStyle: "short",
    timeStyle: "short",
  });

/**
 * «Портал за клиента» on a client's page (issue #47 item 2, decision 069): make a secret link
 * with the expiry the person picks — shown in full this once —, and the client's links with
 * their state, their last opening and «Отмени». Native forms: all of it works without JavaScript.
 */
export function PortalLinks({ allowed, links }: { allowed: boolean; links: PortalLinkView[] }) {
  const answer = useFormAnswer("portal");
  const created = (useActionData() as { created?: { url: string; expiresOn: string } } | undefined)
    ?.created;
  const focusRef = useFocusFirstInvalid(answer);
  return (
    <section
      id="portal"
      className={page.card}
      style={{ marginTop: "2rem" }}
      aria-labelledby="portal-title"
    >
      <h2 id="portal-title">Портал за клиента</h2>
      <p>
        Тайна връзка, на която клиентът без профил вижда своите издадени документи с PDF и
        електронна фактура, какво дължи и как да плати. Всяко отваряне се записва.
      </p>
      {!allowed ? (
        <p role="note">{PORTAL_MESSAGES.notAllowed}.</p>
      ) : (
        <>
          {created ? (
            <div role="status">
              <p>
                <strong>Връзката е създадена.</strong> Копирайте я сега: тя се показва само веднъж.
                Валидна е до {formatDate(created.expiresOn)} включително.
              </p>
              <label htmlFor="portal-url">Връзка към портала</label>
              <input
                id="portal-url"
                type="text"
                readOnly
                value={created.url}
                style={{ width: "100%" }}
                onFocus={(event) => event.currentTarget.select()}
              />
            </div>
          ) : null}
          <Form ref={focusRef} method="post" noValidate aria-labelledby="portal-new">
            <CompanyField />
            <h3 id="portal-new">Нова връзка</h3>
            <FormError message={answer?.formError} />
            <FormField
              name="days"
              label="Валидна"
              defaultValue={typedOr(answer, "days", "30")}
              options={PORTAL_EXPIRY_CHOICES.map((c) => [c.value, c.label] as const)}
              error={answer?.fieldErrors.days}
            />
            <FormField
              name="expiresOn"
              label="До дата (при «До дата…»)"
              type="date"
              defaultValue={typedOr(answer, "expiresOn")}
              error={answer?.fieldErrors.expiresOn}
              hint="Най-много една година напред"
            />
            <Button type="submit" name="intent" value="portal-create">
              Създай връзка
            </Button>
          </Form>
          {links.length === 0 ? (
            <p>Още няма връзки за този клиент.</p>
          ) : (
            <table className={list.table}>
              <caption>Връзки към портала</caption>
              <thead>
                <tr>
                  <th scope="col" className={list.cell}>
                    Създадена
                  </th>
                  <th scope="col" className={list.cell}>
                    Валидна до
                  </th>
                  <th scope="col" className={list.cell}>
                    Състояние
                  </th>
                  <th scope="col" className={list.cell}>
                    Отваряне
                  </th>
                  <th scope="col" className={list.cell}>
                    <span className="visually-hidden">Действие</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {links.map((link) => (
                  <tr key={link.id}>
                    <td className={list.cell}>
                      {dateTime(link.createdAt)}
                      {link.createdByName ? ` · ${link.createdByName}` : null}
                      {link.email ? ` · ${emailOrigin(link.email)}` : null}
                    </td>
                    <td className={list.cell}>{dateTime(link.expiresAt)}</td>
                    <td className={list.cell}>
                      {PORTAL_LINK_STATES[link.state]}
                      {link.revokedAt ? ` на ${dateTime(link.revokedAt)}` : null}
                    </td>
                    <td className={list.cell}>
                      {link.lastViewedAt
                        ? `отворена на ${dateTime(link.lastViewedAt)} (${link.views} пъти)`
                        : "неотваряна"}
                    </td>
                    <td className={list.cell}>
                      {link.state === "revoked" ? null : (
                        <Form method="post">
                          <CompanyField />
                          <input type="hidden" name="linkId" value={link.id} />
                          <Button
                            type="submit"
                            tone="quiet"
                            name="intent"
                            value="portal-revoke"
                            aria-label={`Отмени връзката от ${dateTime(link.createdAt)}`}
                          >
                            Отмени
                          </Button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
