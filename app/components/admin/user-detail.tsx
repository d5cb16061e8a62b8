import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import * as page from "~/components/layout/page.css";
import { kindTexts } from "~/modules/accounts/company-kind";
import { SUBSCRIPTION_STATUS_NAMES } from "~/modules/admin/constants";
import type { userDetail } from "~/modules/admin/customers.server";
import { PLAN_NAMES } from "~/modules/subscriptions/plans";
import { printDate } from "~/utils/dates";
import { Badge, DataTable, dateOrDash, dateTime, Facts } from "./customer-parts";

/*
 * The sections of /hatterscastle/users/{id}: the login, its company, the plan and payments, the
 * company's figures, sign-ins, other logins, feedback, newest clients and the audit log.
 */

export type UserDetail = SerializeFrom<NonNullable<Awaited<ReturnType<typeof userDetail>>>>;

const yesNo = (value: boolean) => (value ? "Да" : "Не");

export function UserCard({ user }: { user: UserDetail["user"] }) {
  return (
    <section className={page.card} aria-labelledby="user-title">
      <h2 id="user-title" className={page.cardTitle}>
        Потребител
      </h2>
      <Facts
        items={[
          ["Имейл", user.email],
          ["Име", `${user.firstName} ${user.lastName}`],
          ["Роля", "Клиент (потребител)"],
          [
            "Потвърден имейл",
            user.emailVerifiedAt ? `Да, ${dateOrDash(user.emailVerifiedAt)}` : "Не",
          ],
          [
            "Блокиран",
            user.lockedAt ? (
              <>
                <Badge tone="danger">Блокиран</Badge> от {dateOrDash(user.lockedAt)}
                {user.lockedReason ? `: ${user.lockedReason}` : null}
              </>
            ) : (
              "Не"
            ),
          ],
          [
            "Изтриване",
            user.anonymizedAt
              ? `Изтрит на ${dateOrDash(user.anonymizedAt)}`
              : user.deletionScheduledAt
                ? `Насрочено за ${dateOrDash(user.deletionScheduledAt)} (заявено ${dateOrDash(user.deletionRequestedAt)})`
                : "Не е насрочено",
          ],
          ["Регистриран", dateOrDash(user.createdAt)],
        ]}
      />
    </section>
  );
}

export function CompanyCard({ company }: { company: UserDetail["company"] }) {
  return (
    <section className={page.card} aria-labelledby="company-title">
      <h2 id="company-title" className={page.cardTitle}>
        Фирма {company.isOperator ? <Badge tone="muted">Оператор</Badge> : null}
      </h2>
      <Facts
        items={[
          ["Име", company.name],
          ["Име на английски", company.nameEn],
          ["Вид", kindTexts(company.companyType).short],
          ["ЕИК/Булстат", company.eik],
          ["ДДС регистрация", company.isVatRegistered ? (company.vatNumber ?? "Да") : "Не"],
          [
            "Адрес",
            `${company.address}, ${company.postalCode} ${company.city}, ${company.country}`,
          ],
          ["Адрес на английски", [company.addressEn, company.cityEn].filter(Boolean).join(", ")],
          ["Имейл", company.email],
          ["Телефон", company.phone],
          ["IBAN", company.bankIban],
          ["Банка", company.bankName],
          ["BIC", company.bankBic],
          ["Фактури на английски", yesNo(company.useEnglishInvoices)],
          ["ТЗПБ", `${company.tzpbRate}\u00a0%`],
          ["Създадена", dateOrDash(company.createdAt)],
        ]}
      />
    </section>
  );
}

export function PlanCard({
  company,
  subscription,
  grants,
}: Pick<UserDetail, "company" | "subscription" | "grants">) {
  const live = grants.find((g) => g.live);
  const card = subscription?.paymentMethod;
  return (
    <section className={page.card} aria-labelledby="plan-title">
      <h2 id="plan-title" className={page.cardTitle}>
        План и абонамент
      </h2>
      <Facts
        items={[
          ["План на фирмата", PLAN_NAMES[company.subscriptionPlan]],
          [
            "Предоставен план",
            live
              ? `${PLAN_NAMES[live.plan]} до ${live.endsOn ? printDate(live.endsOn) : "отмяна"}: ${live.reason}`
              : "Няма",
          ],
          ["Платен план", subscription ? PLAN_NAMES[subscription.plan] : "Няма абонамент"],
          [
            "Състояние",
            subscription
              ? (SUBSCRIPTION_STATUS_NAMES[subscription.status] ?? subscription.status)
              : null,
          ],
          ["Край на периода", dateOrDash(subscription?.currentPeriodEnd)],
          ["Прекратен", subscription ? yesNo(subscription.isCanceled) : null],
          ["Чака 3-D Secure", subscription ? yesNo(subscription.awaitingAuthentication) : null],
          [
            "Доставчик",
            subscription
              ? `${subscription.provider === "stripe" ? "Stripe" : "Локален"}${subscription.customerId ? ` (${subscription.customerId})` : ""}`
              : null,
          ],
          [
            "Карта",
            card
              ? `${card.brand} •••• ${card.last4}, валидна до ${String(card.expMonth).padStart(2, "0")}/${card.expYear}`
              : null,
          ],
        ]}
      />
    </section>
  );
}

export function CountsCard({ counts }: { counts: UserDetail["counts"] }) {
  return (
    <section className={page.card} aria-labelledby="counts-title">
      <h2 id="counts-title" className={page.cardTitle}>
        Данни на фирмата
      </h2>
      <Facts
        items={[
          ["Клиенти", String(counts.clients)],
          ["Издадени документи", String(counts.issued)],
          ["Чернови", String(counts.drafts)],
          ["Разходи", String(counts.expenses)],
          ["Служители", String(counts.employees)],
        ]}
      />
    </section>
  );
}

export function GrantsTable({ grants }: { grants: UserDetail["grants"] }) {
  return (
    <DataTable
      caption="Предоставени планове"
      empty="Няма предоставени планове."
      columns={["Предоставен на", "План", "Причина", "Последен ден", "От", "Отнет", "В сила"]}
      rows={grants.map((g) => ({
        key: g.id,
        cells: [
          dateTime(g.createdAt),
          PLAN_NAMES[g.plan],
          g.reason,
          g.endsOn ? printDate(g.endsOn) : "до отмяна",
          g.grantedByEmail,
          g.revokedAt ? `${dateOrDash(g.revokedAt)} (${g.revokedByEmail ?? ""})` : "—",
          g.live ? (
            <Badge key="live" tone="ok">
              Да
            </Badge>
          ) : (
            "Не"
          ),
        ],
      }))}
    />
  );
}

export function SignIns({ signIns }: { signIns: UserDetail["signIns"] }) {
  return (
    <section className={page.card} aria-labelledby="signins-title">
      <h2 id="signins-title" className={page.cardTitle}>
        Последни влизания
      </h2>
      <p>Последно влизане: {signIns.last ? dateTime(signIns.last) : "още не е влизал(а)"}</p>
      <DataTable
        caption="Успешни влизания"
        empty="Няма записани успешни влизания."
        columns={["Кога", "IP адрес"]}
        rows={signIns.logins.map((l, i) => ({
          key: `${l.createdAt}-${i}`,
          cells: [dateTime(l.createdAt), l.ip],
        }))}
      />
      <DataTable
        caption="Сесии"
        empty="Няма сесии."
        columns={["Започната", "Вид", "IP адрес", "Браузър", "Активна"]}
        rows={signIns.sessions.map((s, i) => ({
          key: `${s.createdAt}-${i}`,
          cells: [
            dateTime(s.createdAt),
            s.impersonatorEmail
              ? `Клиентски изглед от ${s.impersonatorEmail}`
              : s.kind === "api"
                ? "API"
                : "Браузър",
            s.ip,
            s.userAgent ? s.userAgent.slice(0, 120) : "—",
            s.live ? "Да" : "Изтекла",
          ],
        }))}
      />
    </section>
  );
}

const EVENT_STATUS: Record<string, string> = { feedback: "Обратна връзка", support: "Поддръжка" };

export function CompanyLists({
  detail,
}: {
  detail: Pick<
    UserDetail,
    "billingEvents" | "otherUsers" | "members" | "feedback" | "newestClients" | "audit" | "company"
  >;
}) {
  return (
    <>
      <section className={page.card} aria-labelledby="members-title">
        <h2 id="members-title" className={page.cardTitle}>
          Членове на фирмата
        </h2>
        <DataTable
          caption="Членове на фирмата и ролите им"
          empty="Фирмата няма членове."
          columns={["Член", "Роля", "Изглед"]}
          rows={detail.members.map((m) => ({
            key: m.id,
            cells: [
              <span key="member">
                {m.firstName} {m.lastName}
                <br />
                {m.accountRole === "admin" ? (
                  m.email
                ) : (
                  <Link to={`/hatterscastle/users/${m.id}`}>{m.email}</Link>
                )}
              </span>,
              `${m.roleLabel}${m.ownDocumentsOnly ? " · само своите документи" : ""}`,
              m.accountRole === "admin" || m.lockedAt ? (
                "—"
              ) : (
                <Link
                  key="view"
                  to={`/hatterscastle/impersonate/${m.id}?company=${detail.company.id}`}
                >
                  Виж като
                  <span className="visually-hidden">
                    {" "}
                    {m.firstName} {m.lastName}
                  </span>
                </Link>
              ),
            ],
          }))}
        />
      </section>
      <section className={page.card} aria-labelledby="billing-events-title">
        <h2 id="billing-events-title" className={page.cardTitle}>
          Събития от плащанията
        </h2>
        <DataTable
          caption="Последните 20 събития"
          empty="Няма събития от доставчика на плащания."
          columns={["Получено", "Вид", "Доставчик", "Номер"]}
          rows={detail.billingEvents.map((e) => ({
            key: e.id,
            cells: [dateTime(e.receivedAt), e.type, e.provider, e.id],
          }))}
        />
      </section>
      <section className={page.card} aria-labelledby="other-users-title">
        <h2 id="other-users-title" className={page.cardTitle}>
          Други потребители на фирмата
        </h2>
        <DataTable
          caption="Други потребители"
          empty="Фирмата няма други потребители."
          columns={["Имейл", "Име", "Роля", "Състояние"]}
          rows={detail.otherUsers.map((u) => ({
            key: u.id,
            cells: [
              u.role === "admin" ? (
                u.email
              ) : (
                <Link key="email" to={`/hatterscastle/users/${u.id}`}>
                  {u.email}
                </Link>
              ),
              `${u.firstName} ${u.lastName}`,
              u.role === "admin" ? "Администратор" : "Клиент",
              u.lockedAt ? "Блокиран" : u.emailVerifiedAt ? "Активен" : "Непотвърден имейл",
            ],
          }))}
        />
      </section>
      <section className={page.card} aria-labelledby="feedback-title">
        <h2 id="feedback-title" className={page.cardTitle}>
          Обратна връзка и заявки за поддръжка
        </h2>
        <DataTable
          caption="Изпратени от потребителя или фирмата"
          empty="Няма изпратени съобщения."
          columns={["Дата", "Вид", "Категория", "Съобщение", "Отговор на"]}
          rows={detail.feedback.map((f) => ({
            key: f.id,
            cells: [
              dateTime(f.createdAt),
              EVENT_STATUS[f.type] ?? f.type,
              f.categoryName,
              f.messageStart,
              f.contactEmail,
            ],
          }))}
        />
      </section>
      <section className={page.card} aria-labelledby="clients-title">
        <h2 id="clients-title" className={page.cardTitle}>
          Най-нови клиенти
        </h2>
        <DataTable
          caption="Последните 10 клиента на фирмата"
          empty="Фирмата още няма клиенти."
          columns={["Име", "ЕИК", "Град", "Добавен"]}
          rows={detail.newestClients.map((c) => ({
            key: c.id,
            cells: [
              <Link key="name" to={`/hatterscastle/clients/${c.id}`}>
                {c.name}
                {c.archivedAt ? " (архивиран)" : ""}
              </Link>,
              c.eik ?? "—",
              c.city,
              dateOrDash(c.createdAt),
            ],
          }))}
        />
      </section>
      <section className={page.card} aria-labelledby="audit-title">
        <h2 id="audit-title" className={page.cardTitle}>
          Дневник на действията
        </h2>
        <DataTable
          caption="Действия на администратори по фирмата"
          empty="Няма записани действия."
          columns={["Кога", "Администратор", "Като", "Действие", "Обект", "Адрес"]}
          rows={detail.audit.map((a) => ({
            key: a.id,
            cells: [
              dateTime(a.createdAt),
              a.adminEmail,
              a.asUser ?? "—",
              a.actionLabel,
              `${a.target ?? "—"}${a.status ? ` (${a.status})` : ""}`,
              a.ip ?? "—",
            ],
          }))}
        />
      </section>
    </>
  );
}
