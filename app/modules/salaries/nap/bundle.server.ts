import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import {
  type Correction,
  correctionBase,
  correctionOf,
  type Delivery,
  deliveries,
} from "./corrections.server";
import { type MonthDeclaration, monthDeclaration } from "./declaration.server";
import { type DeclarationFile, declarationFiles } from "./files.server";

/*
 * A month's declarations as they are given for filing: the files, or the problems that keep
 * them back. After a delivery, a changed month gives the correcting lines (corrections.server)
 * unless the regular files are asked for. The payroll's downloads and the month-end ZIP read it.
 */
export async function declarationBundle(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  regular = false,
): Promise<{
  declaration: MonthDeclaration;
  files: DeclarationFile[] | null;
  base: Delivery | null;
  correction: Correction | null;
}> {
  const [declaration, history] = await Promise.all([
    monthDeclaration(db, companyId, month),
    deliveries(db, companyId, month),
  ]);
  if (declaration.problems.length) {
    return { declaration, files: null, base: null, correction: null };
  }
  const base = regular ? null : correctionBase(declaration, history);
  const correction = correctionOf(declaration, base);
  return { declaration, files: declarationFiles(declaration, correction), base, correction };
}
