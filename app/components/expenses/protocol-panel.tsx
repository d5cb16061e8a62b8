import { Form, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { DateField } from "~/components/forms/date-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { PROTOCOL_FORMS, PROTOCOL_KINDS } from "~/modules/expenses/protocol-rules";
import { printDate } from "~/utils/dates";
import { answerFields, type FormAnswer, useFormAnswer } from "~/utils/forms";
import { formatCents } from "~/utils/money";

/*
 * The protocol under чл. 117 of an expense (decision 073): the proposal to confirm with one
 * button, the protocols issued with their PDF, cancellation while the month is open and the
 * correcting protocol once it is locked. Plain forms: everything works without JavaScript.
 */

export interface ProposalData {
  kind: keyof typeof PROTOCOL_KINDS;
  chargeableDate: string;
  term: { from: string; to: string };
  protocolDate: string;
  currency: string;
  sourceCurrency: string;
  rateNote: string | null;
  baseCents: number;
  vatRate: number;
  vatCents: number;
  creditableVatCents: number;
  nextNumber: string;
  /** A credit or debit note: the protocol of the invoice it corrects, and the ones to pick. */
  corrects?: NoteOriginalData;
  originals?: NoteOriginalData[];
  reason?: string;
}

export interface NoteOriginalData {
  protocolId: string;
  number: string;
  protocolDate: string;
  expenseId: string;
  documentNumber: string;
  documentDate: string;
}

const originalLabel = (o: NoteOriginalData) =>
  `Фактура № ${o.documentNumber} от ${printDate(o.documentDate)} — протокол № ${o.number} от ${printDate(o.protocolDate)}`;

export interface ProtocolData {
  id: string;
  number: string;
  kind: keyof typeof PROTOCOL_KINDS;
  protocolDate: string;
  currency: string;
  baseCents: number;
  vatRate: number;
  vatCents: number;
  creditableVatCents: number;
  status: "issued" | "cancelled";
  correctsId: string | null;
  reason: string | null;
  locked: boolean;
}

const money = (cents: number, currency: string) => `${formatCents(cents)} ${currency}`;

/** The proposal: what Сметка will issue, and the one button that issues it. */
export function ProtocolProposal({ proposal }: { proposal: ProposalData }) {
  const answer = useFormAnswer(PROTOCOL_FORMS.issue);
  const { field } = answerFields(answer, {
    protocolDate: proposal.protocolDate,
    vatRate: String(proposal.vatRate),
    acquisition: "services",
    originalExpenseId: proposal.corrects?.expenseId ?? "",
  });
  const corrects = proposal.corrects;
  const busy = useNavigation().state !== "idle";
  const eu = proposal.kind === "eu_services" || proposal.kind === "eu_goods";
  return (
    <section className={page.card} aria-labelledby="proposal-heading">
      <h2 id="proposal-heading" className={page.cardTitle}>
        Предложен {corrects ? "коригиращ протокол" : "протокол"} № {proposal.nextNumber}
      </h2>
      <dl>
        {corrects ? (
          <>
            <dt>Коригира (чл. 117, ал. 4 ЗДДС)</dt>
            <dd>{originalLabel(corrects)}</dd>
            <dt>Основание</dt>
            <dd>{proposal.reason}</dd>
          </>
        ) : null}
        <dt>Вид</dt>
        <dd>{PROTOCOL_KINDS[proposal.kind]}</dd>
        <dt>Данъкът е изискуем на</dt>
        <dd>{printDate(proposal.chargeableDate)}</dd>
        <dt>{corrects ? "Изменение на данъчната основа" : "Данъчна основа"}</dt>
        <dd>
          {money(proposal.baseCents, proposal.currency)}
          {proposal.rateNote ? ` (${proposal.rateNote})` : ""}
        </dd>
        <dt>
          {corrects ? "Изменение на ДДС" : "ДДС"} {proposal.vatRate} % (самоначислен)
        </dt>
        <dd>{money(proposal.vatCents, proposal.currency)}</dd>
        <dt>Данъчен кредит</dt>
        <dd>{money(proposal.creditableVatCents, proposal.currency)}</dd>
      </dl>
      <Form method="post">
        <CompanyField />
        <FormError message={answer?.formError} />
        <DateField
          label="Дата на протокола"
          required
          {...field("protocolDate")}
          hint={`В срока по чл. 117, ал. ${corrects ? 5 : 3} ЗДДС: от ${printDate(proposal.term.from)} до ${printDate(proposal.term.to)}`}
        />
        {corrects && (proposal.originals?.length ?? 0) > 1 ? (
          <FormField
            label="Фактура, която известието коригира"
            options={Object.fromEntries(
              (proposal.originals ?? []).map((o) => [o.expenseId, originalLabel(o)]),
            )}
            {...field("originalExpenseId")}
          />
        ) : corrects ? (
          <input type="hidden" name="originalExpenseId" value={corrects.expenseId} />
        ) : null}
        {corrects ? null : (
          <FormField
            label="Ставка на доставката"
            options={{ "20": "20 %", "9": "9 %" }}
            {...field("vatRate")}
          />
        )}
        {eu && !corrects ? (
          <FormField
            label="Доставката е"
            options={{ services: "Услуга (кол. 14)", goods: "Стоки — ВОП, чл. 84 (кол. 13)" }}
            {...field("acquisition")}
          />
        ) : null}
        <Button type="submit" name="intent" value="issue" disabled={busy}>
          Издай протокола
        </Button>
      </Form>
    </section>
  );
}

/** The expense's protocols, each with its PDF and what the law lets one do with it. */
export function ProtocolList({
  expenseId,
  protocols,
}: {
  expenseId: string;
  protocols: ProtocolData[];
}) {
  const cancel = useFormAnswer(PROTOCOL_FORMS.cancel);
  const correct = useFormAnswer(PROTOCOL_FORMS.correct);
  if (!protocols.length) return null;
  return (
    <section className={page.card} aria-labelledby="protocols-heading">
      <h2 id="protocols-heading" className={page.cardTitle}>
        Протоколи по чл. 117 ЗДДС
      </h2>
      <FormError message={cancel?.formError ?? correct?.formError} />
      {protocols.map((p) => (
        <article key={p.id} aria-label={`Протокол № ${p.number}`}>
          <h3>
            {p.correctsId ? "Коригиращ протокол" : "Протокол"} № {p.number} от{" "}
            {printDate(p.protocolDate)}
            {p.status === "cancelled" ? " — анулиран" : ""}
          </h3>
          <p>
            {PROTOCOL_KINDS[p.kind]}. Данъчна основа {money(p.baseCents, p.currency)}, ДДС{" "}
            {p.vatRate} % {money(p.vatCents, p.currency)}, кредит{" "}
            {money(p.creditableVatCents, p.currency)}.{p.reason ? ` Основание: ${p.reason}.` : ""}{" "}
            <a href={`/expenses/${expenseId}/protocols/${p.id}.pdf`} data-reload>
              PDF
            </a>
          </p>
          {p.status === "issued" && !p.locked ? (
            <Form method="post">
              <CompanyField />
              <input type="hidden" name="protocolId" value={p.id} />
              <Button type="submit" name="intent" value="cancel" tone="secondary">
                Анулирай протокол № {p.number}
              </Button>
            </Form>
          ) : null}
          {p.status === "issued" && p.locked && !p.correctsId ? (
            <CorrectForm protocol={p} answer={correct} />
          ) : null}
        </article>
      ))}
    </section>
  );
}

function CorrectForm({
  protocol,
  answer,
}: {
  protocol: ProtocolData;
  answer: FormAnswer | undefined;
}) {
  const mine = answer?.repopulateFields?.protocolId === protocol.id ? answer : undefined;
  const { field } = answerFields(mine, {});
  return (
    <Form method="post">
      <CompanyField />
      <input type="hidden" name="protocolId" value={protocol.id} />
      <p>Месецът е заключен: промяна на основата се документира с коригиращ протокол.</p>
      <FormField
        label={`Нова данъчна основа (${protocol.currency})`}
        required
        inputMode="decimal"
        {...field("base")}
      />
      <FormField label="Основание" required {...field("reason")} />
      <DateField
        label="Дата на коригиращия протокол"
        {...field("protocolDate")}
        hint="Празно — днес"
      />
      <Button type="submit" name="intent" value="correct" tone="secondary">
        Издай коригиращ протокол
      </Button>
    </Form>
  );
}
