import type { LoaderFunctionArgs } from "@remix-run/node";
import { hasPlan } from "~/modules/subscriptions/plans";
import { buildFiles, vatReport, zipFiles } from "~/modules/vat/report.server";
import { parseMonth } from "~/modules/vat/schema";
import { contentDisposition } from "~/utils/content-disposition";
import { todayInSofia } from "~/utils/dates";
import { recordDownload } from "~/web/auth/downloads.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

/*
 * /reports/vat/files/{PRODAGBI.TXT|POKUPKI.TXT|DEKLAR.TXT|VIES.TXT|all.zip}?month=yyyy-MM: one of
 * the month's files for НАП, or all of them zipped. While anything cannot be written correctly the
 * answer is 409 with the list (the page shows it with links), never a file with a wrong record.
 */

const NAMES = new Set(["PRODAGBI.TXT", "POKUPKI.TXT", "DEKLAR.TXT", "VIES.TXT", "all.zip"]);

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "vat.files");
  const name = params.name ?? "";
  if (!NAMES.has(name)) return text("Няма такъв файл", 404);
  const month = parseMonth(new URL(request.url).searchParams.get("month"), todayInSofia());
  if (!month) return text("Изберете месец във вида гггг-мм, не по-късно от текущия", 400);
  const report = await vatReport(context.db, user.companyId, month, hasPlan(user, "standard"));
  if (!report.company.isVatRegistered) {
    return text("Без регистрация по ЗДДС: файловете не се подават.", 409);
  }
  const { files, problems } = buildFiles(report);
  const all = [...report.problems, ...problems];
  if (all.length) {
    return text(
      `Файловете не са готови. Поправете първо:\n${all.map((p) => `- ${p.what}: ${p.message}`).join("\n")}\n`,
      409,
    );
  }
  if (name === "all.zip") {
    const zip = new Response(new Uint8Array(zipFiles(files)), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": contentDisposition(`DDS-${month}.zip`),
        "Cache-Control": "private, no-store",
      },
    });
    return recordDownload(context, user, "vat.files", zip, `DDS-${month}.zip`, { month });
  }
  const file = files.find((f) => f.name === name);
  if (!file) return text("Няма вътреобщностни доставки за месеца: VIES.TXT не се подава.", 404);
  const answer = new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": "text/plain; charset=windows-1251",
      "Content-Disposition": contentDisposition(file.name),
      "Cache-Control": "private, no-store",
    },
  });
  return recordDownload(context, user, "vat.files", answer, file.name, { month });
}
