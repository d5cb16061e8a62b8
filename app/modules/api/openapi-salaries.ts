import { copyPreviousSchema, payrollSettingsSchema } from "~/modules/salaries/schema";
import { decimal, errors, idParam, ref } from "./openapi-parts";
import { jsonContent } from "./registry";

/* The salaries part of the OpenAPI document (full plan: 403 {message, requiredPlan: "full"} below it). */

const locked = {
  description: 'The plan does not include salaries: {message, requiredPlan: "full"}',
  content: { "application/json": { schema: ref("Error") } },
};
const notFound = (what: string) => ({
  description: `No such ${what} in your company`,
  content: { "application/json": { schema: ref("Error") } },
});
const jsonBody = (schema: object) => ({
  required: true,
  content: { "application/json": { schema } },
});
const ok = (description: string, schema: object) => ({
  description,
  content: { "application/json": { schema } },
});
const monthParam = {
  name: "month",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^\\d{4}-(0[1-9]|1[0-2])$" },
};
const declarationsNotReady = {
  description:
    "Not ready: a check failed — {success: false, message, problems: [{who, message, href}]} (href: the page where it is fixed)",
  content: { "application/json": { schema: { type: "object" } } },
};
const regularParam = {
  name: "regular",
  in: "query",
  required: false,
  schema: { type: "string", enum: ["1"] },
  description:
    "1: the regular files with every record even after an earlier download (the earlier files were never filed at НАП)",
};
const corrections =
  " Every file given is recorded (who, when, SHA-256). Once a month's files were given, a changed month gives corrections instead: in обр. 1 a К record (all items) per changed person, a З record (т. 2–5.1 only) per person no longer declared, a regular record per new one; in обр. 6 only the changed columns (an increase as код 0 with the difference, a decrease as код 1 with the right amounts). Downloading a correction again gives the same correction.";
const month = { type: "string", pattern: "^\\d{4}-(0[1-9]|1[0-2])$", example: "2026-11" };

export const salaryPaths = {
  "/api/salaries/month/{month}/declarations": {
    parameters: [monthParam, regularParam],
    get: {
      summary:
        "Декларации обр. 1 and обр. 6 of the month's approved salaries for НАП, both files in one zip (issue #27, decision 024)",
      description:
        "EMPL2021.TXT (обр. 1, one record per person) and NRA62007.TXT (обр. 6, the per-fund totals); the names and versions are dated data. Windows-1251, CR LF after every record, comma-separated, text in double quotes in upper case, amounts with two decimals. Offered only when every check passes (ЕГН/ЛНЧ, names, вид осигурен, days against the working days of the employment, rates, no drafts)." +
        corrections,
      responses: {
        "200": {
          description: "The zip (NAP-yyyy-MM.zip)",
          content: { "application/zip": { schema: { type: "string", format: "binary" } } },
        },
        "400": errors["400"],
        "401": errors["401"],
        "403": locked,
        "409": declarationsNotReady,
      },
    },
  },
  "/api/salaries/month/{month}/declarations/{form}": {
    parameters: [
      monthParam,
      regularParam,
      {
        name: "form",
        in: "path",
        required: true,
        schema: { type: "string", enum: ["1", "6"] },
        description: "1: обр. 1 (EMPL2021.TXT); 6: обр. 6 (NRA62007.TXT)",
      },
    ],
    get: {
      summary:
        "One of the month's declarations for НАП alone: обр. 1 or обр. 6 (Windows-1251 text)",
      description: corrections.trim(),
      responses: {
        "200": {
          description: "The file, text/plain; charset=windows-1251",
          content: { "text/plain": { schema: { type: "string", format: "binary" } } },
        },
        "400": errors["400"],
        "401": errors["401"],
        "403": locked,
        "404": {
          description: "No such form (only 1 and 6)",
          content: { "application/json": { schema: ref("Error") } },
        },
        "409": {
          ...declarationsNotReady,
          description: `${declarationsNotReady.description}; or, for обр. 6 after a download, no column of обр. 6 changed (nothing to correct)`,
        },
      },
    },
  },
  "/api/salaries/month/{month}": {
    parameters: [monthParam],
    get: {
      summary: "The salaries of a month and of the month before (spec)",
      responses: {
        "200": ok("The two months", {
          type: "object",
          properties: {
            success: { const: true },
            data: {
              type: "object",
              properties: {
                month,
                salaries: { type: "array", items: ref("Salary") },
                previousMonth: { type: "array", items: ref("Salary") },
              },
            },
          },
        }),
        "400": errors["400"],
        "403": locked,
      },
    },
  },
  "/api/salaries/check-duplicate-prompt": {
    get: {
      summary:
        "Whether to offer copying last month's salaries: this month (Sofia) empty, last month not, not dismissed",
      responses: {
        "200": ok("The answer", {
          type: "object",
          properties: { shouldShow: { type: "boolean" } },
        }),
        "403": locked,
      },
    },
  },
  "/api/salaries/banner-dismissal/{month}": {
    parameters: [monthParam],
    get: {
      summary: "Whether the salary reminder is dismissed for the month",
      responses: {
        "200": ok("The answer", { type: "object", properties: { dismissed: { type: "boolean" } } }),
      },
    },
    post: {
      summary: "Dismiss the salary reminder for the month",
      responses: {
        "200": ok("Dismissed", { type: "object", properties: { dismissed: { const: true } } }),
      },
    },
  },
  "/api/salaries/copy-previous": {
    post: {
      summary:
        "Copy last month's salaries into the month, recomputed with its parameters and working days",
      request: { body: jsonContent(copyPreviousSchema) },
      responses: {
        "201": ok("Copied", {
          type: "object",
          properties: {
            copied: { type: "integer" },
            salaries: { type: "array", items: ref("Salary") },
          },
        }),
        "200": ok("Nothing to copy", { type: "object" }),
        "400": errors["400"],
        "403": locked,
      },
    },
  },
  "/api/salaries": {
    get: {
      summary: "A month's salaries with their totals",
      parameters: [{ name: "month", in: "query", schema: month }],
      responses: { "200": ok("The month", { type: "object" }), "403": locked },
    },
    post: {
      summary: "Compute and record an employee's salary for a month",
      requestBody: jsonBody(ref("SalaryInput")),
      responses: {
        "201": ok("The salary", ref("Salary")),
        "400": errors["400"],
        "404": notFound("employee"),
        "409": {
          description: "The employee already has the month's salary",
          content: { "application/json": { schema: ref("Error") } },
        },
        "422": {
          description: "No payroll parameters for the month",
          content: { "application/json": { schema: ref("Error") } },
        },
      },
    },
  },
  "/api/salaries/{id}": {
    parameters: [idParam],
    get: {
      summary: "One salary",
      responses: { "200": ok("The salary", ref("Salary")), "404": notFound("salary") },
    },
    put: {
      summary: "Recompute a draft salary (approved and paid ones change only status and notes)",
      requestBody: jsonBody(ref("SalaryInput")),
      responses: {
        "200": ok("The salary", ref("Salary")),
        "400": errors["400"],
        "404": notFound("salary"),
        "409": {
          description: "Approved or paid",
          content: { "application/json": { schema: ref("Error") } },
        },
      },
    },
    delete: {
      summary: "Delete a draft salary",
      responses: { "204": { description: "Deleted" }, "404": notFound("salary") },
    },
  },
  "/api/employees": {
    get: {
      summary: "The company's employees",
      parameters: [
        { name: "q", in: "query", schema: { type: "string" } },
        { name: "state", in: "query", schema: { enum: ["active", "former", "all"] } },
        { name: "after", in: "query", schema: { type: "string" } },
      ],
      responses: {
        "200": ok("One page", {
          type: "object",
          properties: {
            employees: { type: "array", items: ref("Employee") },
            nextCursor: { type: ["string", "null"] },
          },
        }),
        "403": locked,
      },
    },
    post: {
      summary: "Add an employee",
      requestBody: jsonBody(ref("EmployeeInput")),
      responses: {
        "201": ok("The employee", ref("Employee")),
        "400": errors["400"],
        "409": {
          description: "The ЕГН/ЛНЧ is taken",
          content: { "application/json": { schema: ref("Error") } },
        },
      },
    },
  },
  "/api/employees/{id}": {
    parameters: [idParam],
    get: {
      summary: "One employee",
      responses: { "200": ok("The employee", ref("Employee")), "404": notFound("employee") },
    },
    put: {
      summary: "Replace an employee",
      requestBody: jsonBody(ref("EmployeeInput")),
      responses: {
        "200": ok("The employee", ref("Employee")),
        "400": errors["400"],
        "404": notFound("employee"),
      },
    },
    delete: {
      summary: "Delete an employee without salaries (409 with salaries: set an end date)",
      responses: {
        "204": { description: "Deleted" },
        "404": notFound("employee"),
        "409": { description: "Has salaries" },
      },
    },
  },
  "/api/settings/payroll": {
    get: {
      summary: "The company's payroll settings: КИД-2008 of its main activity, the ТЗПБ rate",
      responses: { "200": ok("The settings", ref("PayrollSettings")) },
    },
    put: {
      summary: "Set the company's КИД-2008 code (обр. 1)",
      request: { body: jsonContent(payrollSettingsSchema) },
      responses: { "200": ok("The settings", ref("PayrollSettings")), "400": errors["400"] },
    },
  },
} as const;

export const salarySchemas = {
  PayrollSettings: {
    type: "object",
    properties: {
      activityCode: { type: ["string", "null"], pattern: "^[0-9]{4}$" },
      tzpbRate: { type: "string", description: "Per cent (0.4–1.1)" },
    },
  },
  Employee: {
    allOf: [
      ref("EmployeeInput"),
      {
        type: "object",
        properties: {
          id: { type: "string", format: "uuid" },
          idKind: { enum: ["egn", "lnch"] },
          birthDate: { type: ["string", "null"], format: "date" },
          bornBefore1960: { type: "boolean" },
        },
      },
    ],
  },
  SalaryInput: {
    type: "object",
    required: ["employeeId", "month"],
    properties: {
      employeeId: { type: "string", format: "uuid" },
      month,
      gross: decimal(
        "2000.00",
        "The agreed gross. Default: the contract's gross. Gross + bonus at most 99999999999.99, and so every figure of the salary and the month's totals",
      ),
      agreedGross: decimal(
        "2000.00",
        "GET's agreedGross: when given, it is the agreed gross and `gross` (GET's computed month's gross) is ignored, so a salary PUT back as GET gave it keeps its figures",
      ),
      workingDays: {
        type: "integer",
        description: "Default: the month's weekdays without official days off",
      },
      unpaidDays: { type: "integer", default: 0 },
      sickDays: { type: "integer", default: 0 },
      sickFrom: {
        type: ["string", "null"],
        format: "date",
        description:
          "The day the incapacity began (may be in an earlier month; not after the month); null: in the month. Dates the employer's days (КСО чл. 40, ал. 5)",
      },
      bonus: decimal("0.00"),
      status: { enum: ["draft", "approved", "paid"], default: "draft" },
      notes: { type: ["string", "null"] },
    },
  },
  Salary: {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      employeeId: { type: "string", format: "uuid" },
      employeeName: { type: "string" },
      month,
      status: { enum: ["draft", "approved", "paid"] },
      workingDays: { type: "integer", description: "The month's working days" },
      employedDays: {
        type: "integer",
        description: "Working days of the month within the employment (start and end dates)",
      },
      workedDays: { type: "integer", description: "employedDays − unpaidDays − sickDays" },
      unpaidDays: { type: "integer" },
      sickDays: { type: "integer" },
      sickFrom: { type: ["string", "null"], format: "date" },
      sickEmployerDays: { type: "integer", description: "Sick days the employer pays (sickPay)" },
      sickNoiDays: { type: "integer", description: "Sick days НОИ pays" },
      firstInsuredDay: {
        type: "string",
        format: "date",
        description: "First day of the month in employment",
      },
      lastInsuredDay: {
        type: "string",
        format: "date",
        description: "Last day of the month in employment",
      },
      seniorityYears: { type: "integer" },
      seniorityPercent: { type: "string", description: "Per cent, e.g. 0.60" },
      seniorityBonus: decimal("0.00", "The seniority bonus (in gross, insurable and taxable)"),
      gross: decimal("2000.00"),
      sickPay: decimal("0.00"),
      insurable: decimal("2000.00"),
      employee: { type: "object", description: "doo, upf, zo, total" },
      tax: decimal("172.44"),
      net: decimal("1551.96"),
      employer: { type: "object", description: "doo, tzpb, gvrs, upf, zo, total" },
      gvrsRate: { type: "string", description: "The ГВРС rate, per cent (0.10; 0.00 civil)" },
      totalCost: decimal("2378.40"),
    },
  },
} as const;
