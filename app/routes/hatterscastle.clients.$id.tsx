import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge, DataTable, dateOrDash, Facts } from "~/components/admin/customer-parts";
import * as page from "~/components/layout/page.css";
import { clientDetail } from "~/modules/admin/customers.server";
import { CLIENT_KINDS, VAT_TREATMENTS } from "~/modules/clients/constants";
import {
  DOCUMENT_LANGUAGES,
  DOCUMENT_TYPES,
  listedCents,
  STATE_LABELS,
} from "~/modules/invoices/constants";
import { printDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { requireAdmin } from "~/web/admin/guard.server";

/** One of a customer's clients, read-only (issue #14). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const detail = await clientDetail(context.db, params.id ?? "");
  if (!detail) throw json({ message: "Клиентът не е намерен" }, { status: 404 });
  return json(detail);
}

export default function AdminClient() {
  const { client, owner, counts, documents } = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <p>
        {owner ? (
          <Link to={`/hatterscastle/users/${owner.id}`}>« Към {client.companyName}</Link>
        ) : (
          <Link to="/hatterscastle/users">« Потребители</Link>
        )}
      </p>
      <h1>
        {client.name} {client.archivedAt ? <Badge tone="muted">Архивиран</Badge> : null}
      </h1>
      <p>Само за преглед: клиентите се променят от самата фирма.</p>
      <div className={page.grid}>
        <section className={page.card} aria-labelledby="client-title">
          <h2 id="client-title" className={page.cardTitle}>
            Данни на клиента
          </h2>
          <Facts
            items={[
              ["Вид", CLIENT_KINDS[client.kind]],
              ["Име", client.name],
              ["Име на английски", client.nameEn],
              ["ЕИК/Булстат", client.eik],
              ["ДДС номер", client.vatNumber],
              ["МОЛ", client.mol],
              ["Адрес", `${client.address}, ${client.postalCode ?? ""} ${client.city}`.trim()],
              ["Адрес на английски", [client.addressEn, client.cityEn].filter(Boolean).join(", ")],
              ["Държава", client.country],
              ["Имейли", client.emails.join(", ")],
              ["Телефон", client.phone],
              ["Валута", client.currency],
              ["Език на документите", DOCUMENT_LANGUAGES[client.language]],
              ["Срок за плащане", `${client.paymentTermDays} дни`],
              ["ДДС режим", VAT_TREATMENTS[client.vatTreatment]],
              ["Добавен", dateOrDash(client.createdAt)],
              ["Архивиран", dateOrDash(client.archivedAt)],
            ]}
          />
        </section>
        <section className={page.card} aria-labelledby="owner-title">
          <h2 id="owner-title" className={page.cardTitle}>
            Фирма
          </h2>
          <Facts
            items={[
              [
                "Име",
                owner ? (
                  <Link key="company" to={`/hatterscastle/users/${owner.id}`}>
                    {client.companyName}
                  </Link>
                ) : (
                  client.companyName
                ),
              ],
              ["ЕИК/Булстат", client.companyEik],
              ["Потребител", owner?.email],
            ]}
          />
          <h3 className={page.cardTitle} style={{ marginTop: "1rem" }}>
            Документи на клиента
          </h3>
          <Facts
            items={[
              ["Всички", String(counts.all)],
              ["Издадени", String(counts.issued)],
              ["Чернови", String(counts.drafts)],
              ["Анулирани", String(counts.cancelled)],
            ]}
          />
        </section>
      </div>
      <section
        className={page.card}
        aria-labelledby="documents-title"
        style={{ marginTop: "1.5rem" }}
      >
        <h2 id="documents-title" className={page.cardTitle}>
          Последни документи
        </h2>
        <DataTable
          caption="Последните 10 документа на клиента"
          empty="Няма документи за този клиент."
          columns={["Номер", "Вид", "Дата", "Падеж", "Сума", "Състояние"]}
          rows={documents.map((d) => ({
            key: d.id,
            cells: [
              d.number ?? "Чернова (без номер)",
              DOCUMENT_TYPES[d.type],
              printDate(d.issueDate),
              d.dueDate ? printDate(d.dueDate) : "—",
              formatMoney(listedCents(d.type, d.totalCents), d.currency),
              STATE_LABELS[d.status === "issued" ? (d.state ?? "issued") : d.status],
            ],
          }))}
        />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Клиент | Админ | Сметка" }];
