import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import * as page from "~/components/layout/page.css";
import {
  FundsTable,
  HistoryTable,
  LINE_KINDS,
  PersonsTable,
} from "~/components/salaries/declaration-tables";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { ActiveCompanyNote } from "~/components/team/active-company-note";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { CONTRACT_TYPES } from "~/modules/salaries/constants";
import {
  correctionBase,
  correctionOf,
  deliveredAt,
  deliveries,
} from "~/modules/salaries/nap/corrections.server";
import { monthDeclaration } from "~/modules/salaries/nap/declaration.server";
import { DECLARATION_FORMS, DECLARATION_MESSAGES } from "~/modules/salaries/nap/messages";
import { monthLabel, nextMonth, previousMonth } from "~/utils/periods";
import { currentMonth } from "~/web/salaries/form.server";
import { parseDeclarationMonth } from "~/web/salaries/nap-download.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/*
 * /salaries/declarations?month=yyyy-MM (issue #27, decision 024): the checks of the month's
 * Декларации обр. 1 and обр. 6, each failing one with a link to fix it, the texts the files write
 * otherwise than typed, the per-fund totals against the payroll, and the downloads once every
 * check passes. Links and a GET form only: it works without JavaScript.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "salaries", "payroll.files");
  const asked = new URL(request.url).searchParams.get("month");
  const parsed = parseDeclarationMonth(asked);
  const month = parsed ?? currentMonth();
  const [d, history] = await Promise.all([
    monthDeclaration(context.db, user.companyId, month),
    deliveries(context.db, user.companyId, month),
  ]);
  const base = d.problems.length ? null : correctionBase(d, history);
  const correction = correctionOf(d, base);
  const newest = history[0];
  const fund = (label: string, form6: number, payroll: number) => ({
    label,
    form6,
    payroll,
  });
  return json(
    {
      companyName: user.companyName,
      month,
      monthError: asked !== null && !parsed ? DECLARATION_MESSAGES.month : null,
      format: d.format && {
        form1: d.format.form1FileName,
        form6: d.format.form6FileName,
        confirmed: d.format.confirmed,
      },
      problems: d.problems,
      notices: d.notices,
      persons: d.persons.map((p) => ({
        id: p.salaryId,
        employeeId: p.employeeId,
        name: p.name,
        contract: CONTRACT_TYPES[p.contractType],
        written: `${p.record.surname} ${p.record.initials}`,
        insuredType: p.record.insuredType,
        days: `${p.record.workedDays} / ${p.record.sickDays} / ${p.record.unpaidDays}`,
        insurableCents: p.record.insurableCents,
        taxCents: p.record.taxCents,
      })),
      funds: [
        fund("ДОО (с ТЗПБ)", d.payrollFunds.dooCents + d.contractFunds.dooCents, sumOf(d, "doo")),
        fund("ДЗПО — УПФ", d.payrollFunds.upfCents + d.contractFunds.upfCents, sumOf(d, "upf")),
        fund(
          "Здравно осигуряване",
          d.payrollFunds.zoCents + d.contractFunds.zoCents,
          sumOf(d, "zo"),
        ),
        fund("ГВРС", d.payrollFunds.gvrsCents + d.contractFunds.gvrsCents, sumOf(d, "gvrs")),
        fund(
          "Данък по чл. 42 ЗДДФЛ",
          d.payrollFunds.taxCents,
          d.payrollTotals.taxCents - d.contractTaxCents,
        ),
      ],
      contractTaxCents: d.contractTaxCents,
      ready: d.problems.length === 0,
      correction: correction && {
        note:
          newest && newest.id !== base?.id
            ? DECLARATION_MESSAGES.correctionAgain(
                deliveredAt(correction.since),
                deliveredAt(newest.createdAt),
              )
            : DECLARATION_MESSAGES.changedSince(deliveredAt(correction.since)),
        lines: correction.form1Kinds,
        form6: correction.form6 !== null,
      },
      history: history.map((h) => ({
        id: h.id,
        at: deliveredAt(h.createdAt),
        iso: h.createdAt.toISOString(),
        file: h.file === "zip" ? "Двата файла в ZIP" : DECLARATION_FORMS[h.file],
        user: h.impersonator ? `${h.user} (от администратор ${h.impersonator})` : h.user,
        sha256: h.sha256,
      })),
    },
    { status: parsed || asked === null ? 200 : 400 },
  );
}

/** The payroll's side of a fund: the persons' stored amounts (обр. 6 is summed from the same). */
function sumOf(
  d: Awaited<ReturnType<typeof monthDeclaration>>,
  fund: "doo" | "upf" | "zo" | "gvrs",
) {
  const key = `${fund}Cents` as const;
  return d.persons.reduce((sum, p) => sum + p.funds[key], 0);
}

export default function Declarations() {
  const data = useLoaderData<typeof loader>();
  const { month } = data;
  const q = `?month=${month}`;
  return (
    <div className={page.page}>
      <h1>Декларации към НАП — {monthLabel(month)}</h1>
      <p>
        <Link to={`/salaries${q}`}>« Заплати за {monthLabel(month)}</Link>
      </p>
      <Form method="get" className={listStyles.toolbar} aria-label="Избор на месец">
        <div>
          <label htmlFor="declarations-month" className={fieldStyles.label}>
            Месец (ГГГГ-ММ)
          </label>
          <input
            id="declarations-month"
            type="month"
            name="month"
            defaultValue={month}
            pattern="\d{4}-\d{2}"
            className={fieldStyles.input}
            aria-invalid={data.monthError ? true : undefined}
            aria-describedby={data.monthError ? "declarations-month-error" : undefined}
          />
          {data.monthError ? (
            <p id="declarations-month-error" role="alert" className={fieldStyles.error}>
              {data.monthError}
            </p>
          ) : null}
        </div>
        <div>
          <Button type="submit">Покажи</Button>
        </div>
        <nav aria-label="Съседни месеци" style={{ alignSelf: "end" }}>
          <Link to={`/salaries/declarations?month=${previousMonth(month)}`}>
            « {monthLabel(previousMonth(month))}
          </Link>
          {" · "}
          <Link to={`/salaries/declarations?month=${nextMonth(month)}`}>
            {monthLabel(nextMonth(month))} »
          </Link>
        </nav>
      </Form>

      <section aria-labelledby="checks-title" className={page.card}>
        <h2 id="checks-title" className={page.cardTitle}>
          Проверки
        </h2>
        {data.problems.length ? (
          <>
            <p role="alert">
              {DECLARATION_MESSAGES.notReady} ({data.problems.length}):
            </p>
            <ul className={page.list}>
              {data.problems.map((p) => (
                <li key={`${p.who}|${p.message}|${p.href}`}>
                  <strong>{p.who}</strong>: {p.message} — <Link to={p.href}>{p.linkText}</Link>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p role="status" className={page.done}>
            {DECLARATION_MESSAGES.verified}
          </p>
        )}
        {data.format && !data.format.confirmed ? (
          <p>
            <strong>Не е проверено:</strong> {DECLARATION_MESSAGES.notVerified}
          </p>
        ) : null}
      </section>

      {data.notices.length ? (
        <section aria-labelledby="notices-title" className={page.card}>
          <h2 id="notices-title" className={page.cardTitle}>
            Текстове, записани иначе
          </h2>
          <p>
            Файловете на НАП са в Windows-1251, с главни букви, без кавички и запетаи в текста.
            Следните текстове ще бъдат записани така:
          </p>
          <ul className={page.list}>
            {data.notices.map((n) => (
              <li key={`${n.href}|${n.from}`}>
                „{n.from}“ → „{n.to}“ ({n.changes.map((c) => `${c.from} → ${c.to}`).join(", ")}) —{" "}
                <Link to={n.href}>промени</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="files-title" className={page.card}>
        <h2 id="files-title" className={page.cardTitle}>
          Файлове
        </h2>
        {data.format ? (
          <p>
            Формат: {data.format.form1} (обр. 1) и {data.format.form6} (обр. 6)
            {data.format.confirmed
              ? " — сверен със спецификацията на НАП."
              : " — подредбата на полетата не е сверена със спецификацията на НАП: вижте „Не е проверено“ по-горе."}
          </p>
        ) : null}
        {data.correction ? (
          <div role="status">
            <p>
              <strong>{data.correction.note}.</strong>
            </p>
            <ul className={page.list}>
              {data.correction.lines.map((l) => (
                <li key={`${l.kind}-${l.name}`}>
                  {l.name}: {LINE_KINDS[l.kind]}
                </li>
              ))}
              {data.correction.form6 ? null : <li>Обр. 6: без промяна (файлът не се създава)</li>}
            </ul>
            {data.ready ? (
              <p>
                Ако предишните файлове не са подадени в НАП, изтеглете вместо корекцията{" "}
                <a href={`/salaries/declarations/files/zip${q}&regular=1`} download>
                  редовните файлове с всички записи (ZIP)
                </a>
                .
              </p>
            ) : null}
          </div>
        ) : null}
        {data.ready ? <ActiveCompanyNote name={data.companyName} /> : null}
        {data.ready ? (
          <ul className={page.list}>
            <li>
              <a href={`/salaries/declarations/files/zip${q}`} download>
                Двата файла в ZIP
              </a>
            </li>
            <li>
              <a href={`/salaries/declarations/files/1${q}`} download>
                {DECLARATION_FORMS["1"]} ({data.format?.form1})
              </a>
            </li>
            {data.correction && !data.correction.form6 ? null : (
              <li>
                <a href={`/salaries/declarations/files/6${q}`} download>
                  {DECLARATION_FORMS["6"]} ({data.format?.form6})
                </a>
              </li>
            )}
          </ul>
        ) : (
          <p>Файловете ще се появят тук, когато всички проверки минат.</p>
        )}
        <p>
          <Link to={`/salaries/declarations/payments${q}`}>
            Плащания към НАП: платежни нареждания по сметки и CSV за банката
          </Link>
        </p>
      </section>

      <FundsTable funds={data.funds} contractTaxCents={data.contractTaxCents} />
      <PersonsTable persons={data.persons} />
      <HistoryTable history={data.history} />
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Декларации към НАП | Заплати | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
