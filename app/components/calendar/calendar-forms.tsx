import { Form, useActionData } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import {
  CALENDAR_FORMS,
  CALENDAR_MESSAGES,
  REMINDER_DAYS_BEFORE,
} from "~/modules/calendar/constants";
import { formatDate } from "~/utils/dates";
import { useFormAnswer } from "~/utils/forms";

/**
 * «Календар в телефона или Outlook»: the member's secret iCalendar address — made (shown in
 * full this once), made anew (the old one stops) or stopped. Native forms.
 */
export function FeedSection({ live }: { live: { createdAt: string } | null }) {
  const answer = useFormAnswer(CALENDAR_FORMS.feed);
  const made = (useActionData() as { feedUrl?: string } | undefined)?.feedUrl;
  return (
    <section id="feed" className={page.card} aria-labelledby="feed-title">
      <h2 id="feed-title" className={page.cardTitle}>
        Абонамент за календарна програма
      </h2>
      <p>
        Тайният адрес добавя сроковете в Google Calendar, Outlook или Apple Календар («Абониране за
        календар по URL»), с напомняне {REMINDER_DAYS_BEFORE} дни преди всеки срок. Адресът е личен:
        който го има, вижда сроковете и сумите ви.
      </p>
      {made ? (
        <div role="status">
          <p>
            <strong>{CALENDAR_MESSAGES.feedMade}.</strong> {CALENDAR_MESSAGES.feedMadeHint}
          </p>
          <label htmlFor="feed-url">Адрес на календара</label>
          <input id="feed-url" readOnly value={made} style={{ width: "100%" }} />
        </div>
      ) : live ? (
        <p>Имате действащ адрес от {formatDate(live.createdAt)}</p>
      ) : (
        <p>{CALENDAR_MESSAGES.noFeed}</p>
      )}
      <FormError message={answer?.formError} />
      <div style={{ display: "flex", gap: "0.5rem", flexWrap: "wrap" }}>
        <Form method="post">
          <CompanyField />
          <input type="hidden" name="intent" value="feed-new" />
          <Button type="submit">
            {live || made ? "Нов адрес (старият спира)" : "Създай адрес"}
          </Button>
        </Form>
        {live || made ? (
          <Form method="post">
            <CompanyField />
            <input type="hidden" name="intent" value="feed-revoke" />
            <Button type="submit" tone="secondary">
              Спри адреса
            </Button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

interface RecipientView {
  userId: string;
  name: string;
  email: string;
  roleLabel: string;
  chosen: boolean;
}

/**
 * «Напомняния по имейл»: the owner ticks who gets them; anyone chosen may stop their own.
 */
export function RemindersSection({
  people,
  mayChoose,
  mine,
}: {
  people: RecipientView[];
  mayChoose: boolean;
  mine: boolean;
}) {
  const answer = useFormAnswer(CALENDAR_FORMS.recipients);
  return (
    <section id="reminders" className={page.card} aria-labelledby="reminders-title">
      <h2 id="reminders-title" className={page.cardTitle}>
        Напомняния по имейл
      </h2>
      <p>
        {REMINDER_DAYS_BEFORE} дни преди всеки срок избраните хора получават имейл с какво предстои
        и сумата, когато е известна. Всеки срок се напомня веднъж.
      </p>
      <FormError message={answer?.formError} />
      {mayChoose ? (
        <Form method="post">
          <CompanyField />
          <input type="hidden" name="intent" value="recipients" />
          <fieldset>
            <legend>Кой получава напомняния</legend>
            {people.map((p) => (
              <div key={p.userId}>
                <input
                  type="checkbox"
                  id={`recipient-${p.userId}`}
                  name="recipient"
                  value={p.userId}
                  defaultChecked={p.chosen}
                />{" "}
                <label htmlFor={`recipient-${p.userId}`}>
                  {p.name} ({p.roleLabel}, {p.email})
                </label>
              </div>
            ))}
          </fieldset>
          <Button type="submit">Запази</Button>
        </Form>
      ) : mine ? (
        <Form method="post">
          <CompanyField />
          <input type="hidden" name="intent" value="stop-mine" />
          <p>Получавате напомняния за сроковете.</p>
          <Button type="submit" tone="secondary">
            Спри моите напомняния
          </Button>
        </Form>
      ) : (
        <p>Не получавате напомняния. Собственикът на профила избира кой ги получава.</p>
      )}
    </section>
  );
}
