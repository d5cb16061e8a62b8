import { IBAN_MESSAGE } from "~/utils/iban-message";
import { PAYROLL_MESSAGES } from "./payroll";

/*
 * The employees' and salaries' labels, messages, form ids and fields, without zod (schema.ts builds
 * the schemas).
 */

export const EMPLOYEE_FORM_ID = "employee";
export const PAYROLL_SETTINGS_FORM_ID = "payroll-settings";
export const SALARY_FORM_ID = "salary";

export const CONTRACT_TYPES = {
  labour: "Трудов договор",
  management: "Договор за управление",
  civil: "Граждански договор",
} as const;

/** The employees list's filter. */
export const EMPLOYEE_STATES = { active: "Настоящи", former: "Бивши", all: "Всички" } as const;
export type EmployeeState = keyof typeof EMPLOYEE_STATES;

export const SALARY_STATUSES = {
  draft: "Чернова",
  approved: "Одобрена",
  paid: "Изплатена",
} as const;

export const SALARY_MESSAGES = {
  name: "Въведете името на служителя",
  idNumber: "Въведете ЕГН или ЛНЧ",
  position: "Въведете длъжността",
  contractType: "Изберете вида на договора",
  startDate: "Въведете датата на постъпване",
  endBeforeStart: "Датата на напускане не може да е преди датата на постъпване",
  gross: "Въведете брутното възнаграждение: сума до 99 999 999 999,99",
  hours: "Работното време е от 1 до 12 часа на ден",
  insuredSixMonths: "Изберете „да“ или „не“ за 6-те месеца осигурителен стаж",
  sickFromAfter: "Болничният не може да започва след края на месеца",
  iban: IBAN_MESSAGE,
  occupationCode: "Кодът по НКПД е от 8 цифри (напр. 24114001) — празно, докато не го знаете",
  activityCode:
    "Кодът по КИД-2008 е от 4 цифри (напр. 62.01 или 6201) — основната икономическа дейност на фирмата",
  seniorityYears: "Годините трудов стаж са цяло число от 0 до 70",
  seniorityPercent:
    "Процентът за година стаж е число до 100 с до 2 знака след запетаята (напр. 0,6) — празно без отделно възнаграждение",
  seniorityBelowMinimum: (minimum: string) =>
    `Процентът за година стаж не може да е под ${minimum} % (Наредба за структурата и организацията на работната заплата, чл. 12, ал. 1)`,
  idTaken: "Вече има служител с това ЕГН/ЛНЧ",
  employeeNotFound: "Служителят не е намерен",
  employee: "Изберете служител",
  month: "Месецът трябва да е във формат ГГГГ-ММ",
  days: "Въведете брой дни",
  workingDays: "Работните дни са от 1 до 31",
  tooManyAbsences: PAYROLL_MESSAGES.tooManyAbsences,
  bonus: "Въведете сума на бонусите до 99 999 999 999,99",
  grossWithBonus:
    "Брутното възнаграждение и бонусите заедно не може да надхвърлят 99 999 999 999,99",
  figuresTooLarge:
    "Сумите на заплатата (брутно с бонусите и добавката за стаж, общият разход с осигуровките на работодателя) не може да надхвърлят 99 999 999 999,99",
  monthTooLarge:
    "Сборът на заплатите за месеца (брутно, осигуровки, данък, общ разход) не може да надхвърля 99 999 999 999,99",
  status: "Изберете състояние",
  salaryNotFound: "Заплатата не е намерена",
  salaryTaken: "Служителят вече има заплата за този месец",
  noParameters:
    "Няма параметри за заплати за този месец (минимална заплата, осигуровки): обърнете се към поддръжката",
  hasSalaries: "Служителят има заплати: въведете дата на напускане вместо да го изтривате",
  notActive: "Служителят не работи през този месец",
  belowMinimum: "Брутното възнаграждение е под минималната работна заплата за работното време",
  approvedLocked: "Одобрена или изплатена заплата не се променя: върнете я в чернова",
} as const;

/** The form's controls in the order they appear: the first with an error gets focus. */
export const EMPLOYEE_FIELD_ORDER = [
  "name",
  "idNumber",
  "position",
  "contractType",
  "startDate",
  "endDate",
  "gross",
  "hoursPerDay",
  "insuredSixMonths",
  "occupationCode",
  "seniorityYears",
  "seniorityPercent",
  "iban",
] as const;
export const SALARY_FIELD_ORDER = [
  "employeeId",
  "month",
  "gross",
  "workingDays",
  "unpaidDays",
  "sickDays",
  "sickFrom",
  "bonus",
  "status",
  "notes",
] as const;
