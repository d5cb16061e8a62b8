/*
 * The admin's payroll parameter forms' fields, labels and messages, without zod (parameters-form.ts
 * builds their schemas): shared by the page and the server.
 */

/** The rates of a row, in the order the form shows them, with their labels. */
export const PAYROLL_RATE_FIELDS = {
  employeeDoo: "ДОО — служител",
  employeeDooBefore1960: "ДОО — служител, роден преди 1960 г.",
  employeeUpf: "УПФ — служител",
  employeeZo: "ЗО — служител",
  employerDoo: "ДОО — работодател",
  employerDooBefore1960: "ДОО — работодател, за роден преди 1960 г.",
  employerUpf: "УПФ — работодател",
  employerZo: "ЗО — работодател",
  employeePensionCivil: "Пенсия по граждански договор — лицето",
  employeePensionCivilBefore1960: "Пенсия по граждански договор — лицето, родено преди 1960 г.",
  employerPensionCivil: "Пенсия по граждански договор — платецът",
  employerPensionCivilBefore1960:
    "Пенсия по граждански договор — платецът, за родено преди 1960 г.",
  incomeTax: "Данък върху доходите",
  civilExpenses: "Нормативно признати разходи по граждански договор",
  sickEmployerShare: "Болничен за сметка на работодателя (от дневното брутно)",
  employerGvrs: "ГВРС — работодател (трудови договори)",
  seniorityMinPercent: "Клас прослужено време — най-малко на година стаж",
  tzpbMin: "ТЗПБ — най-малко",
  tzpbMax: "ТЗПБ — най-много",
} as const;
export type PayrollRateField = keyof typeof PAYROLL_RATE_FIELDS;

export const PAYROLL_PARAMETER_MESSAGES = {
  percent: "Процент от 0 до 100 с до 2 знака след запетаята (напр. 8,38)",
  tzpb: "ТЗПБ е процент от 0 до 10 с до 2 знака след запетаята",
  tzpbOrder: "Най-малкият ТЗПБ не може да е по-голям от най-големия",
  amount: "Сума в евро с до 2 знака след запетаята (напр. 620,20)",
  maxBelowMinimum: "Максималният осигурителен доход не може да е под минималната заплата",
  sickDays: "Цял брой дни от 0 до 30",
  sickValidFrom: "Въведете датата, от която започналите болнични следват правилото",
  validFrom: "Въведете датата, от която важат параметрите",
  after: (day: string) =>
    `Новите параметри трябва да започват след ${day} — началото на последния ред`,
  notFound: "Редът с параметри не е намерен",
} as const;

export const PAYROLL_PARAMETER_FIELDS = [
  "validFrom",
  "minimumWage",
  "maxInsurable",
  "maxInsurableConfirmed",
  ...(Object.keys(PAYROLL_RATE_FIELDS) as PayrollRateField[]),
  "note",
] as const;
export const SICK_LEAVE_RULE_FIELDS = ["validFrom", "employerDays", "note"] as const;
export const MAX_INSURABLE_FIELDS = ["id", "maxInsurable", "maxInsurableConfirmed"] as const;
