import { Form, Link, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as styles from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { DELETION_DAYS } from "~/modules/accounts/limits";
import { formatDate } from "~/utils/dates";
import { typedOr, useFormAnswer } from "~/utils/forms";

const useBusy = () => useNavigation().state === "submitting";

/** The documents' numbering: the next number per series, settable while the series has no document. */
export function NumberingCard({
  numbering,
}: {
  numbering: { series: "tax" | "proforma"; next: string; settable: boolean }[];
}) {
  return (
    <section id="numbering" className={styles.card} aria-labelledby="numbering-title">
      <h2 id="numbering-title">Номерация на документите</h2>
      <p>
        Номерата са 10-цифрени, поредни и без пропуски. Ако преминавате от друга програма и
        продължавате номерацията ѝ, задайте следващия номер, преди да издадете първия документ от
        поредицата. Дотогава можете да го променяте. Клиентите от другата програма можете да{" "}
        <Link to="/clients/import">внесете от файл</Link>.
      </p>
      {numbering.map((n) => (
        <NumberingSeries key={n.series} {...n} />
      ))}
    </section>
  );
}

function NumberingSeries({
  series,
  next,
  settable,
}: {
  series: "tax" | "proforma";
  next: string;
  settable: boolean;
}) {
  const busy = useBusy();
  const answer = useFormAnswer(`numbering-${series}`);
  const focusRef = useFocusFirstInvalid(answer);
  return (
    <div style={{ marginBottom: "1rem" }}>
      <h3 style={{ fontSize: "1rem", marginBottom: "0.25rem" }}>
        {series === "tax" ? "Фактури и известия" : "Проформа фактури"}
      </h3>
      <p style={{ margin: 0 }}>Следващ номер: {next}</p>
      {settable ? (
        <Form ref={focusRef} method="post">
          <CompanyField />
          <input type="hidden" name="intent" value="numbering" />
          <input type="hidden" name="series" value={series} />
          <FormField
            name="nextNumber"
            label={`Следващ номер (${series === "tax" ? "фактури" : "проформи"})`}
            inputMode="numeric"
            placeholder="напр. 1235"
            defaultValue={typedOr(answer, "nextNumber")}
            error={answer?.formError}
          />
          <Button type="submit" tone="secondary" disabled={busy}>
            Задай
          </Button>
        </Form>
      ) : (
        <p style={{ margin: 0 }}>
          От поредицата вече има издаден документ, затова номерацията продължава без пропуски и
          следващият номер не може да се променя.
        </p>
      )}
    </div>
  );
}

/** The company's logo, printed on documents: upload (PNG or JPEG, 1 MB) or remove. */
export function LogoCard({ logo }: { logo: string | null }) {
  const busy = useBusy();
  const answer = useFormAnswer("logo");
  const focusRef = useFocusFirstInvalid(answer);
  return (
    <section className={styles.card} aria-labelledby="logo-title">
      <h2 id="logo-title">Лого на фирмата</h2>
      {logo ? (
        <img
          src={logo}
          alt="Текущото лого на фирмата"
          style={{ maxHeight: "6rem", marginBottom: "1rem" }}
        />
      ) : (
        <p>Все още няма качено лого. То се показва във фактурите.</p>
      )}
      <Form ref={focusRef} method="post" encType="multipart/form-data">
        <CompanyField />
        <FormField
          name="logo"
          label="Файл (PNG или JPEG, до 1 MB)"
          type="file"
          error={answer?.formError}
          controlProps={{ accept: "image/png,image/jpeg" }}
        />
        <Button type="submit" disabled={busy}>
          Качи логото
        </Button>
      </Form>
      {logo ? (
        <Form method="post" style={{ marginTop: "0.5rem" }}>
          <CompanyField />
          <input type="hidden" name="intent" value="delete-logo" />
          <Button type="submit" tone="quiet" disabled={busy}>
            Премахни логото
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

/** The company's whole export (issue #28): what it is, and the way to /settings/export. */
export function ExportCard() {
  return (
    <section className={styles.card} aria-labelledby="export-title">
      <h2 id="export-title">Експорт на данните</h2>
      <p>
        Всички документи (PDF и електронни фактури), файловете по ЗДДС, клиентите, артикулите,
        разходите, заплатите и плащанията в един ZIP архив.
      </p>
      <Link to="/settings/export">Към експорта на данните</Link>
    </section>
  );
}

/**
 * Deleting the account: the date and «cancel» once asked; otherwise the way to /settings/delete,
 * which offers the export first and asks for the confirmations.
 */
export function DeletionCard({ deletionScheduledAt }: { deletionScheduledAt: string | null }) {
  const busy = useBusy();
  return (
    <section className={styles.card} aria-labelledby="delete-title">
      <h2 id="delete-title">Изтриване на профила</h2>
      {deletionScheduledAt ? (
        <>
          <p>Профилът ще бъде изтрит на {formatDate(deletionScheduledAt)}</p>
          <Form method="post">
            <CompanyField />
            <input type="hidden" name="intent" value="cancel-deletion" />
            <Button type="submit" disabled={busy}>
              Отмени изтриването
            </Button>
          </Form>
        </>
      ) : (
        <>
          <p>
            Профилът се изтрива {DELETION_DAYS} дни след заявката; дотогава можете да се откажете.
            Преди това изтеглете данните си: фирмата сама е длъжна да пази документите си.
          </p>
          <Link to="/settings/delete">Към изтриването на профила</Link>
        </>
      )}
    </section>
  );
}
