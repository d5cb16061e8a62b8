import type { Kysely } from "kysely";
import type { Actor } from "~/modules/audit/trail.server";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { listCategories } from "~/modules/expenses/categories.server";
import { expenseSchema } from "~/modules/expenses/schema";
import { createExpense } from "~/modules/expenses/service.server";
import { createDraft, getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { documentSchema } from "~/modules/invoices/schema";
import { isValidEik } from "~/modules/reference/bg-identifiers";
import { createEmployee } from "~/modules/salaries/employees.server";
import { workingDaysOf } from "~/modules/salaries/parameters.server";
import { createSalary } from "~/modules/salaries/salaries.server";
import { employeeSchema, salarySchema } from "~/modules/salaries/schema";
import { addDays, todayInSofia } from "~/utils/dates";
import type { Database } from "./types";

/*
 * The demo customer's month (issue #41, item 15): a newcomer who signs in as demo@smetka.bg sees
 * the product working — clients, an invoice paid and one overdue, a proforma, a credit and a
 * debit note, a draft, expenses, an employee with last month's salary — on the full plan (a grant
 * from the team, so nothing is charged). Dates are counted back from today, so the month is
 * always the last one. Made through the same domain paths as the screens; only for a demo
 * company that has nothing yet, so a second run (or a demo someone has used) changes nothing.
 */

/** A 9-digit ЕИК with its check digit, from an 8-digit stem (fictional companies). */
function eik(stem: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (isValidEik(`${stem}${digit}`)) return `${stem}${digit}`;
  }
  throw new Error(`No check digit fits ${stem}`);
}

/** An ЕГН with its check digit, from its first nine digits (a fictional person). */
function egn(nine: string): string {
  const weights = [2, 4, 8, 5, 10, 9, 7, 3, 6];
  const sum = [...nine].reduce((total, digit, i) => total + Number(digit) * (weights[i] ?? 0), 0);
  return `${nine}${sum % 11 === 10 ? 0 : sum % 11}`;
}

/** The month before the one of `date`, as yyyy-mm. */
function previousMonth(date: string): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) - 1;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Whether the company has anything of its own yet (then the demo month is not added). */
async function hasData(db: Kysely<Database>, companyId: string): Promise<boolean> {
  const [client, document] = await Promise.all([
    db.selectFrom("clients").select("id").where("companyId", "=", companyId).executeTakeFirst(),
    db.selectFrom("documents").select("id").where("companyId", "=", companyId).executeTakeFirst(),
  ]);
  return client !== undefined || document !== undefined;
}

/**
 * Fills the demo company with a realistic month; false when it already has data (nothing is
 * done). `user` is the demo customer: the documents are theirs («Съставил»).
 */
export async function seedDemoMonth(
  db: Kysely<Database>,
  companyId: string,
  user: { id: string; email: string; name: string },
  today = todayInSofia(),
): Promise<boolean> {
  if (await hasData(db, companyId)) return false;
  const day = (daysAgo: number) => addDays(today, -daysAgo);
  const issuer: Actor = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: "owner",
    impersonatorEmail: null,
    ip: null,
  };

  // The full plan, so every part shows: granted by the team, without a card or a charge.
  const grant = await db
    .selectFrom("planGrants")
    .select("id")
    .where("companyId", "=", companyId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  if (!grant) {
    await db
      .insertInto("planGrants")
      .values({
        companyId,
        plan: "full",
        endsOn: null,
        grantedBy: null,
        grantedByEmail: "admin@smetka.bg",
        reason: "Демо акаунт: всички възможности без плащане",
      })
      .execute();
  }
  await db
    .updateTable("companies")
    .set({ subscriptionPlan: "full", updatedAt: new Date() })
    .where("id", "=", companyId)
    .execute();

  const client = async (fields: Record<string, unknown>) =>
    (await createClient(db, companyId, clientSchema.parse(fields))).id;
  const techno = await client({
    kind: "company",
    name: "Техно Трейд ООД",
    eik: eik("20451873"),
    vatNumber: `BG${eik("20451873")}`,
    mol: "Георги Стоянов",
    address: "ул. Граф Игнатиев 12",
    city: "София",
    postalCode: "1000",
    emails: "office@techno-trade.example",
    paymentTermDays: 14,
  });
  const hotel = await client({
    kind: "company",
    name: "Хотел Родопи ЕАД",
    eik: eik("12067345"),
    vatNumber: `BG${eik("12067345")}`,
    mol: "Петя Колева",
    address: "ул. Тракия 3",
    city: "Пловдив",
    postalCode: "4000",
    emails: "rezervacii@hotel-rodopi.example",
    paymentTermDays: 10,
  });
  const studio = await client({
    kind: "sole_trader",
    name: "ЕТ „Арт Студио – Ива Маринова“",
    eik: eik("11538206"),
    address: "бул. Приморски 44",
    city: "Варна",
    postalCode: "9000",
    emails: "iva@art-studio.example",
  });
  const person = await client({
    kind: "individual",
    name: "Иван Георгиев",
    address: "ж.к. Люлин, бл. 512",
    city: "София",
    postalCode: "1324",
    emails: "ivan.georgiev@example.com",
  });

  const draft = (fields: Record<string, unknown>) =>
    createDraft(
      db,
      companyId,
      user.id,
      documentSchema.parse({
        type: "invoice",
        currency: "EUR",
        paymentMethod: "bank",
        ...fields,
      }),
    );
  const issued = async (fields: Record<string, unknown>) => {
    const id = await draft(fields);
    await issueDocument(db, companyId, id, issuer);
    return id;
  };

  // Overdue: issued five weeks ago, due three weeks ago, not paid (the reminders' case).
  const overdue = await issued({
    clientId: hotel,
    issueDate: day(35),
    dueDate: day(25),
    lines: [
      {
        description: "Консултация за онлайн резервации",
        quantity: "6",
        unit: "ч.",
        unitPrice: "80",
        vatRate: 20,
      },
    ],
  });
  // Paid in full by bank transfer.
  const paid = await issued({
    clientId: techno,
    issueDate: day(26),
    dueDate: day(12),
    lines: [
      {
        description: "Разработка на уеб магазин — етап 1",
        quantity: "1",
        unit: "бр.",
        unitPrice: "2400",
        vatRate: 20,
      },
      {
        description: "Хостинг за 12 месеца",
        quantity: "12",
        unit: "мес.",
        unitPrice: "15",
        vatRate: 20,
      },
    ],
  });
  const paidDoc = await getDocument(db, companyId, paid);
  if (paidDoc) {
    await addPayment(db, companyId, paidDoc, {
      paidOn: day(19),
      amount: paidDoc.totalCents,
      method: "bank",
      note: "Превод от Техно Трейд ООД",
    });
  }
  // Due soon, partly credited below.
  const open = await issued({
    clientId: studio,
    issueDate: day(12),
    dueDate: addDays(today, 3),
    lines: [
      {
        description: "Поддръжка на сайт",
        quantity: "1",
        unit: "мес.",
        unitPrice: "350",
        vatRate: 20,
      },
      {
        description: "Снимки за каталог",
        quantity: "20",
        unit: "бр.",
        unitPrice: "12.50",
        vatRate: 20,
      },
    ],
  });
  await issued({
    type: "credit_note",
    clientId: studio,
    originalId: open,
    reason: "Отстъпка за 4 снимки, които не бяха използвани",
    issueDate: day(8),
    lines: [
      {
        description: "Снимки за каталог",
        quantity: "4",
        unit: "бр.",
        unitPrice: "12.50",
        vatRate: 20,
      },
    ],
  });
  await issued({
    type: "debit_note",
    clientId: hotel,
    originalId: overdue,
    reason: "Допълнително договорени часове",
    // After the credit note: a series' numbers follow its dates (decision 058).
    issueDate: day(7),
    lines: [
      {
        description: "Консултация — допълнителни часове",
        quantity: "2",
        unit: "ч.",
        unitPrice: "80",
        vatRate: 20,
      },
    ],
  });
  await issued({
    type: "proforma",
    clientId: person,
    issueDate: day(5),
    dueDate: addDays(today, 5),
    paymentMethod: "cash",
    lines: [
      {
        description: "Фотосесия — портрет",
        quantity: "1",
        unit: "бр.",
        unitPrice: "300",
        vatRate: 20,
      },
    ],
  });
  // Still a draft: the next one to check and issue.
  await draft({
    clientId: techno,
    issueDate: today,
    lines: [
      {
        description: "Разработка на уеб магазин — етап 2",
        quantity: "1",
        unit: "бр.",
        unitPrice: "1800",
        vatRate: 20,
      },
    ],
  });

  const categories = await listCategories(db, companyId);
  const category = (name: RegExp) =>
    (categories.find((c) => name.test(c.name)) ?? categories[0])?.id;
  const expense = (fields: Record<string, unknown>) =>
    createExpense(
      db,
      companyId,
      user.id,
      expenseSchema.parse({ documentType: "invoice", ...fields }),
    );
  await expense({
    supplierName: "Имоти Витоша ЕООД",
    supplierEik: eik("20375914"),
    documentNumber: "0000004127",
    documentDate: day(22),
    description: "Наем на офис",
    categoryId: category(/наем/i),
    amounts: [{ vatRate: 20, base: "600.00" }],
  });
  await expense({
    supplierName: "Телеком Мрежи АД",
    supplierEik: eik("13109472"),
    documentNumber: "0318820045",
    documentDate: day(9),
    description: "Интернет и мобилни телефони",
    categoryId: category(/телефон|комуника|интернет/i),
    amounts: [{ vatRate: 20, base: "54.90" }],
  });

  const employeeId = await createEmployee(
    db,
    companyId,
    employeeSchema.parse({
      name: "Елена Димитрова",
      idNumber: egn("900515123"),
      position: "Счетоводител",
      occupationCode: "24113001",
      contractType: "labour",
      startDate: day(400),
      gross: "2200",
      insuredSixMonths: "yes",
      seniorityYears: "6",
    }),
  );
  const month = previousMonth(today);
  await createSalary(
    db,
    companyId,
    salarySchema.parse({
      employeeId,
      month,
      gross: "2200",
      workingDays: await workingDaysOf(db, month),
    }),
  );
  return true;
}
