import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import { LedgerNav } from "~/components/ledger/ledger-parts";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { ActiveCompanyNote } from "~/components/team/active-company-note";
import { Button } from "~/components/ui/button";
import { can } from "~/modules/auth/capabilities";
import { FIRST_SAFT_MONTH, SAFT_MESSAGES } from "~/modules/saft/constants";
import { monthlySaft, parseSaftMonth } from "~/modules/saft/file.server";
import { todayInSofia } from "~/utils/dates";
import { monthLabel, previousMonth } from "~/utils/periods";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * /ledger/saft?month=yyyy-MM «SAF-T за НАП» (issue #46 item 1, decision 063): the month chosen
 * with a GET form; what keeps its file from being written, each with the page to fix it, or the
 * download. The page asks the file itself (its problems are the file's), so it offers the
 * download exactly when /ledger/saft.xml gives it. None asked: the last month (from 2026-01).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const today = todayInSofia();
  const asked = new URL(request.url).searchParams.get("month");
  const last = previousMonth(today.slice(0, 7));
  const fallback = last < FIRST_SAFT_MONTH ? FIRST_SAFT_MONTH : last;
  const month = asked === null ? fallback : parseSaftMonth(asked, today);
  const shown = month ?? fallback;
  const result = await monthlySaft(context.db, user.companyId, shown, today);
  // The file is not read here: an unstarted generator holds nothing.
  const problems = "problems" in result ? result.problems : [];
  return json(
    {
      month: shown,
      label: monthLabel(shown),
      typed: month ? shown : (asked ?? ""),
      error: month ? null : SAFT_MESSAGES.month,
      max: today.slice(0, 7),
      problems,
      fileName: "problems" in result ? null : result.fileName,
      companyName: user.companyName,
      mayEdit: can(user, "ledger.edit"),
    },
    month ? undefined : { status: 400 },
  );
}

export default function SaftPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="/ledger/saft" mayEdit={data.mayEdit} />
      <h2>SAF-T за НАП</h2>
      <p>
        Стандартният одиторски файл (SAF-T) за месеца по схемата на НАП: сметкоплан с кодовете по
        номенклатурата на НАП, клиенти и доставчици, счетоводни записвания, фактури за продажби и
        покупки, плащания. Файлът се съставя от счетоводните книги в евро, за месеци от януари 2026
        г.
      </p>
      <Form method="get" className={page.card} aria-label="Избор на месец">
        <FormField
          name="month"
          label="Месец"
          type="month"
          defaultValue={data.typed}
          error={data.error ?? undefined}
          controlProps={{ min: FIRST_SAFT_MONTH, max: data.max }}
        />
        <Button type="submit" tone="secondary">
          Покажи
        </Button>
      </Form>
      {data.problems.length ? (
        <section className={page.warning} aria-labelledby="saft-problems">
          <h3 id="saft-problems">
            {`Какво трябва да се поправи преди файла за ${data.label} (${data.problems.length})`}
          </h3>
          <ul>
            {data.problems.map((p) => (
              <li key={`${p.href}-${p.what}-${p.message}`}>
                <Link to={p.href}>{p.what}</Link>: {p.message}
              </li>
            ))}
          </ul>
        </section>
      ) : data.fileName ? (
        <section className={page.card} aria-labelledby="saft-file">
          <h3 id="saft-file" className={page.cardTitle}>
            {`Файлът за ${data.label}`}
          </h3>
          <ActiveCompanyNote name={data.companyName} />
          <p>
            <a href={`/ledger/saft.xml?month=${data.month}`} download>
              Изтегли {data.fileName}
            </a>
          </p>
          <p>Същият файл дава и API: GET /api/saft/{data.month}.</p>
        </section>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "SAF-T за НАП | Сметка" }];
