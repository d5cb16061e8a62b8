import { readFileSync } from "node:fs";
import http from "node:http";
import pg from "pg";
import React from "react";
import ReactDOMServer from "react-dom/server";

/*
 * The ladder's bare rungs (issue #17, tests/bench/ladder.ts): node:http and `pg`, nothing else.
 * It replays the SQL the /invoices loader runs for the first page (captured from the app's own
 * functions by the bench: LADDER_QUERIES, a JSON file of {role, sql, parameters}) on every GET,
 * concurrently as the loader does, and answers
 *   LADDER_MODE=json  (a) the rows as JSON;
 *   LADDER_MODE=html  (b) the same rows as a plain React table, by renderToString.
 * Prints "listening on <port>" once it listens (PORT=0 picks a free port).
 */

const {
  DATABASE_URL,
  LADDER_QUERIES,
  LADDER_MODE = "json",
  LADDER_TODAY = "",
  PORT = "0",
} = process.env;
if (!DATABASE_URL || !LADDER_QUERIES) throw new Error("DATABASE_URL and LADDER_QUERIES are needed");

// The app's type parsing: a DATE stays a calendar day, an INT8 (cents, counts) is a number.
pg.types.setTypeParser(1082, (value) => value);
pg.types.setTypeParser(20, (value) => Number(value));

const queries = JSON.parse(readFileSync(LADDER_QUERIES, "utf8"));
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
pool.on("error", (error) => console.error(`pool: ${error.message}`));

const PAGE_SIZE = 50;

async function load() {
  // As the loader: the session's query first (it yields the company), then the page's together.
  const session = queries.find((q) => q.role === "session");
  if (session && (await pool.query(session.sql, session.parameters)).rows.length !== 1)
    throw new Error("the session query found no session");
  const page = queries.filter((q) => q.role !== "session");
  const results = await Promise.all(page.map((q) => pool.query(q.sql, q.parameters)));
  const byRole = (role) => results[page.findIndex((q) => q.role === role)]?.rows ?? [];
  return { documents: byRole("list").slice(0, PAGE_SIZE), summary: byRole("summary") };
}

const h = React.createElement;
const TYPES = {
  invoice: "Фактура",
  proforma: "Проформа фактура",
  credit_note: "Кредитно известие",
  debit_note: "Дебитно известие",
};
const STATES = {
  draft: "Чернова",
  cancelled: "Анулиран",
  issued: "Издаден",
  paid: "Платен",
  partially_paid: "Частично платен",
  overdue: "Просрочен",
  unpaid: "Неплатен",
};
const printDate = (iso) => (iso ? iso.split("-").reverse().join(".") : "—");
const cents = (n) => {
  const value = Math.abs(Number(n));
  const whole = String(Math.floor(value / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  return `${Number(n) < 0 ? "-" : ""}${whole},${String(value % 100).padStart(2, "0")}`;
};
function state(doc) {
  if (doc.status !== "issued" || doc.type === "credit_note") return doc.status;
  if (doc.paid_cents >= doc.total_cents) return "paid";
  if (doc.due_date && doc.due_date < LADDER_TODAY) return "overdue";
  return doc.paid_cents > 0 ? "partially_paid" : "unpaid";
}
const cell = (children, key) => h("td", { className: "cell", key }, children);

function Page({ documents, summary }) {
  const count = summary.reduce((sum, c) => sum + Number(c.count), 0);
  return h(
    "main",
    { className: "page" },
    h("h1", null, "Документи"),
    h(
      "section",
      { "aria-labelledby": "summary-heading", className: "summary" },
      h("h2", { id: "summary-heading", className: "visually-hidden" }, "Обобщение на избраното"),
      h("dl", null, h("dt", null, "Документи"), h("dd", null, count)),
      summary.map((c) =>
        h(
          "div",
          { key: c.currency, style: { display: "flex", gap: "1.5rem" } },
          h("dl", null, h("dt", null, `Общо (${c.currency})`), h("dd", null, cents(c.total_cents))),
          h("dl", null, h("dt", null, "Платено"), h("dd", null, cents(c.paid_cents))),
          h("dl", null, h("dt", null, "За получаване"), h("dd", null, cents(c.outstanding_cents))),
        ),
      ),
    ),
    h(
      "table",
      { className: "table" },
      h("caption", { className: "visually-hidden" }, "Документи, най-новите първо"),
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          ["Номер", "Вид", "Клиент", "Дата", "Падеж", "Сума", "Състояние"].map((label) =>
            h("th", { scope: "col", className: "cell", key: label }, label),
          ),
        ),
      ),
      h(
        "tbody",
        null,
        documents.map((doc) =>
          h(
            "tr",
            { key: doc.id },
            h(
              "th",
              { scope: "row", className: "cell" },
              h(
                "a",
                { href: `/invoice/${doc.id}` },
                doc.number ?? "Чернова",
                h("span", { className: "visually-hidden" }, ` — ${TYPES[doc.type]}`),
              ),
            ),
            cell(TYPES[doc.type], "type"),
            cell(doc.client_name, "client"),
            cell(printDate(doc.issue_date), "date"),
            cell(printDate(doc.due_date), "due"),
            h(
              "td",
              { className: "cell num", key: "total" },
              doc.type === "credit_note" ? "−" : "",
              `${cents(doc.total_cents)} ${doc.currency}`,
            ),
            cell(h("span", { className: `badge ${state(doc)}` }, STATES[state(doc)]), "state"),
          ),
        ),
      ),
    ),
  );
}

const server = http.createServer(async (req, res) => {
  try {
    const data = await load();
    if (LADDER_MODE === "html") {
      const body = `<!DOCTYPE html><html lang="bg"><head><meta charset="utf-8"><title>Документи | Сметка</title></head><body>${ReactDOMServer.renderToString(h(Page, data))}</body></html>`;
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(body);
    } else {
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(data));
    }
  } catch (error) {
    console.error(`${req.method} ${req.url}: ${error.message}`);
    res.writeHead(500, { "Content-Type": "text/plain" });
    res.end("error");
  }
});
server.listen(Number(PORT), "127.0.0.1", () => {
  console.log(`listening on ${server.address().port}`);
});
const stop = () => {
  server.close(() => pool.end().then(() => process.exit(0)));
  server.closeAllConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
