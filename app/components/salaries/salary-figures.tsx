import * as styles from "~/components/expenses/expenses.css";
import type { PayrollResult } from "~/modules/salaries/payroll";
import { formatMoney } from "~/utils/money";

/** A salary's figures as a Bulgarian accountant reads them: employee's side, employer's side. */
export function SalaryFigures({ result, caption }: { result: PayrollResult; caption: string }) {
  const rows: [string, number, boolean?][] = [
    ["Възнаграждение за отработените дни и бонуси", result.earnedCents],
    ["В т.ч. за трудов стаж и професионален опит", result.seniorityBonusCents],
    ["Болнични от работодателя (70 %)", result.sickPayCents],
    ["Брутно за месеца", result.grossCents, true],
    ["Осигурителен доход", result.insurableCents],
    ["ДОО (служител)", result.employeeDooCents],
    ["ДЗПО/УПФ (служител)", result.employeeUpfCents],
    ["Здравно осигуряване (служител)", result.employeeZoCents],
    ["Осигуровки на служителя", result.employeeContributionsCents, true],
    ["Данъчна основа", result.taxableCents],
    ["Данък върху доходите (10 %)", result.taxCents],
    ["Нето за изплащане", result.netCents, true],
    ["ДОО (работодател)", result.employerDooCents],
    ["ТЗПБ (работодател)", result.employerTzpbCents],
    ["ГВРС (работодател)", result.employerGvrsCents],
    ["ДЗПО/УПФ (работодател)", result.employerUpfCents],
    ["Здравно осигуряване (работодател)", result.employerZoCents],
    ["Осигуровки на работодателя", result.employerContributionsCents, true],
    ["Общ разход за работодателя", result.totalCostCents, true],
  ];
  const days: [string, number][] = [
    ["Работни дни по договора през месеца", result.employedDays],
    ["Отработени дни", result.workedDays],
    ["Болнични дни за сметка на работодателя", result.sickEmployerDays],
    ["Болнични дни за сметка на НОИ", result.sickNoiDays],
  ];
  return (
    <table className={styles.amounts} aria-live="polite">
      <caption style={{ textAlign: "left", fontWeight: 600 }}>{caption}</caption>
      <tbody>
        {days.map(([label, n]) => (
          <tr key={label}>
            <th scope="row" style={{ fontWeight: 400 }}>
              {label}
            </th>
            <td style={{ textAlign: "right" }}>{n ?? 0}</td>
          </tr>
        ))}
        {rows.map(([label, cents, strong]) => (
          <tr key={label}>
            <th scope="row" style={strong ? undefined : { fontWeight: 400 }}>
              {label}
            </th>
            <td style={{ textAlign: "right", fontWeight: strong ? 700 : 400 }}>
              {formatMoney(cents, "EUR")}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
