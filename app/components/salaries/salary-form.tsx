import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import * as styles from "~/components/expenses/expenses.css";
import { AmountField } from "~/components/forms/amount-field";
import { CompanyField } from "~/components/forms/company-field";
import { DateField } from "~/components/forms/date-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import { CONTRACT_TYPES, SALARY_STATUSES } from "~/modules/salaries/constants";
import {
  type ContractType,
  computePayroll,
  employerSickDays,
  type PayrollParameters,
  type PayrollResult,
  type SickLeaveRule,
} from "~/modules/salaries/payroll";
import type { FormAnswer } from "~/utils/forms";
import { parseDecimal } from "~/utils/money";
import { SalaryFigures } from "./salary-figures";

/** The figures «Изчисли» brought back in the action's answer (without JavaScript), if any. */
export function figuresOf(result: unknown): PayrollResult | null {
  const figures = (result as { figures?: unknown } | undefined)?.figures;
  return figures && typeof figures === "object" ? (figures as PayrollResult) : null;
}

export interface SalaryFormEmployee {
  id: string;
  name: string;
  position: string;
  contractType: ContractType;
  bornBefore1960: boolean;
  grossCents: number;
  hoursPerDay: number;
  insuredSixMonths: boolean;
  /** The seniority bonus's years by the month's end and its percentage (0: none). */
  seniorityYears: number;
  seniorityPercent: number;
  /** The month's working days within the employment; null when it covers the month. */
  employedDays: number | null;
}

/** Weekdays from one day to the day before another (the browser's estimate; the server counts holidays too). */
function weekdaysBefore(from: string, until: string): number {
  let n = 0;
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${until}T00:00:00Z`);
  while (d < end && n < 40) {
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) n++;
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return n;
}

/**
 * A month's salary of an employee. Without JavaScript «Изчисли» shows the figures the server
 * computes; with it they follow every keystroke (the same pure computation, the month's
 * parameters from the page).
 */
export function SalaryForm(props: {
  values: Record<string, string>;
  answer: FormAnswer | undefined;
  employees: SalaryFormEmployee[];
  parameters: PayrollParameters | null;
  tzpbRate: number;
  sickRules: SickLeaveRule[];
  serverFigures: PayrollResult | null;
  submitLabel: string;
}) {
  const busy = useNavigation().state !== "idle";
  const hydrated = useHydrated();
  const form = useFocusFirstInvalid(props.answer);
  const value = (name: string) =>
    (props.answer?.repopulateFields?.[name] as string | undefined) ?? props.values[name] ?? "";
  const error = (name: string) => props.answer?.fieldErrors[name];
  const [live, setLive] = useState<PayrollResult | null>(null);

  useEffect(() => {
    const element = form.current;
    if (!element || !props.parameters) return;
    const parameters = props.parameters;
    const recompute = (event?: Event) => {
      const data = new FormData(element);
      const employee = props.employees.find((e) => e.id === data.get("employeeId"));
      const grossInput = element.elements.namedItem("gross") as HTMLInputElement | null;
      // Choosing an employee fills in the contract's gross.
      if (
        event?.target instanceof HTMLSelectElement &&
        event.target.name === "employeeId" &&
        employee &&
        grossInput
      ) {
        grossInput.value = (employee.grossCents / 100).toFixed(2).replace(".", ",");
      }
      const cents = (name: string) => {
        const v = String(data.get(name) ?? "").trim();
        const parsed = v ? parseDecimal(v, 2) : 0n;
        return parsed === null || parsed < 0n ? null : Number(parsed);
      };
      const int = (name: string) => {
        const v = String(data.get(name) ?? "").trim();
        const n = v ? Number(v) : 0;
        return Number.isInteger(n) && n >= 0 ? n : null;
      };
      const gross = cents("gross");
      const bonus = cents("bonus");
      const workingDays = int("workingDays");
      const unpaid = int("unpaidDays");
      const sick = int("sickDays");
      const month = String(data.get("month") ?? "");
      const sickFrom = String(data.get("sickFrom") ?? "").trim();
      const employedDays =
        employee?.employedDays == null || !workingDays
          ? workingDays
          : Math.min(employee.employedDays, workingDays);
      if (
        !employee ||
        gross === null ||
        bonus === null ||
        !workingDays ||
        workingDays > 31 ||
        unpaid === null ||
        sick === null ||
        employedDays === null ||
        unpaid + sick > employedDays ||
        !/^\d{4}-\d{2}$/.test(month) ||
        (sickFrom !== "" && !/^\d{4}-\d{2}-\d{2}$/.test(sickFrom))
      ) {
        setLive(null);
        return;
      }
      const beganOn = sickFrom || `${month}-01`;
      setLive(
        computePayroll(
          {
            contract: employee.contractType,
            bornBefore1960: employee.bornBefore1960,
            grossCents: gross,
            workingDays,
            employedDays,
            unpaidDays: unpaid,
            sickDays: sick,
            sickEmployerDays: employerSickDays({
              rules: props.sickRules,
              beganOn,
              sickDays: sick,
              insuredSixMonths: employee.insuredSixMonths,
              daysBeforeMonth: weekdaysBefore(beganOn, `${month}-01`),
            }),
            bonusCents: bonus,
            tzpbRate: props.tzpbRate,
            hoursPerDay: employee.hoursPerDay,
            seniorityYears: employee.seniorityYears,
            seniorityPercent: employee.seniorityPercent,
          },
          parameters,
        ),
      );
    };
    recompute();
    element.addEventListener("input", recompute);
    element.addEventListener("change", recompute);
    return () => {
      element.removeEventListener("input", recompute);
      element.removeEventListener("change", recompute);
    };
  }, [form, props.parameters, props.employees, props.tzpbRate, props.sickRules]);

  const figures = hydrated ? live : props.serverFigures;
  return (
    <Form method="post" ref={form} noValidate>
      <CompanyField />
      <FormError message={props.answer?.formError} />
      <fieldset className={styles.section}>
        <legend className={styles.legend}>Служител и месец</legend>
        <div className={styles.row}>
          <FormField
            name="employeeId"
            label="Служител"
            required
            options={[
              ["", "— Изберете служител —"],
              ...props.employees.map(
                (e) =>
                  [e.id, `${e.name} — ${e.position} (${CONTRACT_TYPES[e.contractType]})`] as [
                    string,
                    string,
                  ],
              ),
            ]}
            defaultValue={value("employeeId")}
            error={error("employeeId")}
          />
          <FormField
            name="month"
            label="Месец (ГГГГ-ММ)"
            type="month"
            required
            defaultValue={value("month")}
            error={error("month")}
            controlProps={{ pattern: "\\d{4}-\\d{2}" }}
          />
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>Възнаграждение и дни</legend>
        <div className={styles.row}>
          <AmountField
            name="gross"
            label="Брутно възнаграждение по договор (EUR)"
            hint="Празно: от договора на служителя"
            defaultValue={value("gross")}
            error={error("gross")}
            controlProps={{ maxLength: 40 }}
          />
          <FormField
            name="workingDays"
            label="Работни дни в месеца"
            hint="Празно: по календара (без празниците)"
            defaultValue={value("workingDays")}
            error={error("workingDays")}
            inputMode="numeric"
            controlProps={{ maxLength: 2 }}
          />
          <FormField
            name="unpaidDays"
            label="Дни неплатен отпуск"
            defaultValue={value("unpaidDays")}
            error={error("unpaidDays")}
            inputMode="numeric"
            controlProps={{ maxLength: 2 }}
          />
          <FormField
            name="sickDays"
            label="Дни болничен"
            hint="Първите 2 работни дни се плащат от работодателя (70 %), ако има 6 месеца осигурителен стаж"
            defaultValue={value("sickDays")}
            error={error("sickDays")}
            inputMode="numeric"
            controlProps={{ maxLength: 2 }}
          />
          <DateField
            name="sickFrom"
            label="Болничният започва на"
            hint="Денят, в който е настъпила неработоспособността (може и в предходен месец); празно: през месеца"
            defaultValue={value("sickFrom")}
            error={error("sickFrom")}
          />
          <AmountField
            name="bonus"
            label="Бонуси (EUR)"
            defaultValue={value("bonus")}
            error={error("bonus")}
            controlProps={{ maxLength: 40 }}
          />
          <FormField
            name="status"
            label="Състояние"
            options={SALARY_STATUSES}
            defaultValue={value("status") || "draft"}
            error={error("status")}
          />
        </div>
        <FormField
          name="notes"
          label="Бележки"
          multiline
          defaultValue={value("notes")}
          error={error("notes")}
        />
      </fieldset>
      {figures ? (
        <section className={styles.section} aria-label="Изчисление">
          <SalaryFigures result={figures} caption="Изчисление" />
        </section>
      ) : null}
      <div style={{ display: "flex", gap: "0.75rem", flexWrap: "wrap" }}>
        {hydrated ? null : (
          <Button type="submit" name="intent" value="calculate" tone="secondary" disabled={busy}>
            Изчисли
          </Button>
        )}
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {busy ? "Записване..." : props.submitLabel}
        </Button>
      </div>
    </Form>
  );
}
