import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FeedSection, RemindersSection } from "~/components/calendar/calendar-forms";
import { DeadlineTable, type DeadlineView } from "~/components/calendar/deadlines";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { can } from "~/modules/auth/capabilities";
import { calendarPage } from "~/modules/calendar/calendar.server";
import { liveFeed } from "~/modules/calendar/feeds.server";
import { recipients } from "~/modules/calendar/reminders.server";
import { todayInSofia } from "~/utils/dates";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { calendarAnswer } from "~/web/calendar/page.server";

const KIND_NAMES = {
  company: "търговско дружество",
  soleTrader: "едноличен търговец (ЕТ)",
  freelancer: "свободна професия",
  nonprofit: "сдружение или фондация",
} as const;

/**
 * /calendar «Данъчен календар» (issue #49, decision 075): every deadline of the next twelve
 * months that applies to the company by its kind, VAT registration and employees, with the day
 * moved past days off, the amount when the product knows it and the law's article; the member's
 * secret iCalendar address; who gets the e-mail reminders. Readers of the figures.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "dashboard.figures");
  const today = todayInSofia();
  const [calendar, feed, people] = await Promise.all([
    calendarPage(context.db, user.companyId, today),
    liveFeed(context.db, user.companyId, user.id),
    recipients(context.db, user.companyId),
  ]);
  const mayChoose = can(user, "team");
  return json({
    today,
    kind: KIND_NAMES[calendar.facts.kind],
    vatRegistered: calendar.facts.vatRegistered,
    hasEmployees: calendar.facts.hasEmployees,
    deadlines: calendar.deadlines,
    feed,
    mayChoose,
    mine: people.some((p) => p.userId === user.id && p.chosen),
    people: mayChoose ? people : [],
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "dashboard.figures");
  return calendarAnswer(context, user, await request.formData());
}

export default function Calendar() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <h1>Данъчен календар</h1>
      <p>
        Сроковете за {data.kind}
        {data.vatRegistered ? ", регистрация по ДДС" : ", без регистрация по ДДС"}
        {data.hasEmployees ? " и служители по трудов договор" : ""}. Срок, който пада в почивен или
        празничен ден, изтича в първия следващ работен ден. Сумите са от справката-декларация по ДДС
        и от заплатите, когато са въведени.
      </p>
      <DeadlineTable deadlines={data.deadlines as DeadlineView[]} />
      <FeedSection live={data.feed} />
      <RemindersSection people={data.people} mayChoose={data.mayChoose} mine={data.mine} />
    </div>
  );
}

export const shouldRevalidate = keepPageOnCompanyMismatch;

export const meta: MetaFunction = () => [{ title: "Данъчен календар | Сметка" }];
