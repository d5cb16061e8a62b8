/*
 * The allowed direction between the app's folders (docs/conventions.md, «Layers»): a folder
 * imports from its own files and from folders in the layers before its own, never from its own
 * layer's other folders or from a later layer. tests/integration/module-layers.test.ts reads the
 * imports of every file under app/ and fails on an arrow back up and on any circle.
 *
 * Folders are app/modules/<name>, plus "utils" (app/utils), "web" (app/web), "components", "routes" and "app"
 * (everything else under app/: root.tsx, entry.*, server.ts, composition.server.ts, styles).
 */
export const LAYERS: readonly (readonly string[])[] = [
  // Helpers that know no domain: money, dates, forms, HTTP answers, files.
  ["utils", "styles"],
  // Machinery that knows no domain: a domain hands it work (a job kind, a PDF task, a mail).
  // The company's audit trail is machinery too: a domain hands it an act to record.
  ["mail", "jobs", "pdf", "health", "audit"],
  // Backups of the whole database: machinery too, with a job kind of its own.
  ["backup"],
  // The platform's settings (what the back office sets: logo, notices, invoice defaults).
  ["settings"],
  // Sessions, passwords, tokens, rate limits: the door every other domain uses.
  ["auth"],
  // Countries, currencies, banks, VAT rates, VIES.
  ["reference"],
  ["accounts"],
  ["subscriptions"],
  // Locked months (decision 058): every module that writes a dated row asks it first.
  ["periods"],
  // The books (decision 057): documents, payments and expenses post into it in their own
  // transactions, so it sits below them and reads their tables without importing their code.
  ["ledger"],
  ["clients", "catalogue", "feedback", "team"],
  ["invoices"],
  // The client portal (decision 069) shows the documents as the company sees them; the statement
  // of account and the act of reconciliation (decision 070) read the documents.
  // Offers (decision 077) become invoice drafts, so they sit above the documents.
  ["einvoice", "recurring", "salaries", "portal", "statements"],
  // Offers after the portal: their e-mail carries a portal link (portal/mail-link.server.ts).
  ["expenses", "offers"],
  // Bank statements: movements matched to documents and expenses through their own paths; card
  // payments from the portal (decision 071), recorded as the documents' payments and fees as expenses.
  ["bank", "card-payments"],
  // Reports over the documents, expenses and salaries; the company's whole export of them.
  ["vat"],
  // SAF-T (decision 063) reads the books, the documents and the VAT journals' conversions.
  ["analytics", "dashboard", "export", "saft", "annual"],
  // The owner's income tax (decision 076) reads the documents' payments, as the VAT reads them;
  // a sole trader's (decision 080) the annual income statement's result.
  ["income-tax"],
  // The accountant's month-end (decision 066) gathers the VAT, payroll, books and SAF-T files.
  // The tax calendar (decision 075) reads the VAT return's and the payroll's figures.
  ["month-end", "calendar"],
  ["admin"],
  ["api"],
  // What is about HTTP (decision 052): reading the session from a request, the guards that throw
  // redirects and refusals, the company a form was posted for, answers built from what a domain
  // module returned. It may use every module; no module uses it.
  ["web"],
  // The screens: components draw, routes answer requests, "app" starts and wires everything.
  ["components"],
  ["routes"],
  ["app"],
];

/**
 * Files that wire the layers together and so may import from any folder: the composition
 * place of the job kinds, the load context's declaration (it names the services the server
 * hands every loader), and the PDF worker's entry with its list of tasks (a program of its own,
 * run in a worker thread, that draws each domain's documents).
 */
export const COMPOSITION_FILES: readonly string[] = [
  "app/composition.server.ts",
  "app/server.ts",
  "app/utils/context.server.ts",
  "app/modules/pdf/worker.server.tsx",
  "app/modules/pdf/tasks.ts",
];

/**
 * Arrows back up that are still there, each with where its code belongs. The test fails when one
 * is added and when one of these is gone (then it is struck off here): the list only shrinks.
 */
export const KNOWN_BACK_ARROWS: readonly { from: string; to: string; why: string }[] = [
  {
    from: "app/modules/reference/vat.server.ts",
    to: "app/modules/admin/audit.server.ts",
    why: "the VAT rates' back-office writes belong in modules/admin (their reads stay in reference)",
  },
  {
    from: "app/modules/settings/invoice-defaults.ts",
    to: "app/modules/invoices/constants.ts",
    why: "DOCUMENT_LANGUAGES belongs at settings' layer or below (invoices/constants re-exporting it)",
  },
  {
    from: "app/modules/settings/invoice-defaults-fields.ts",
    to: "app/modules/invoices/constants.ts",
    why: "DOCUMENT_LANGUAGES, as above",
  },
];
