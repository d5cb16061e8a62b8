/*
 * What an English or bilingual document needs of the company in English (issue #41 item 5): its
 * name, address and city (the place of issue). Without them the document prints them in Cyrillic,
 * so issuing one warns — it does not refuse: a Bulgarian name is still a valid supplier's name.
 */

/** The company's English details, in the order the warning names them. */
export const ENGLISH_DETAILS = {
  nameEn: "името на фирмата",
  addressEn: "адресът",
  cityEn: "градът (мястото на издаване)",
} as const;

export type EnglishDetail = keyof typeof ENGLISH_DETAILS;

/** Where the details are typed (the company's part of the profile). */
export const ENGLISH_DETAILS_HREF = "/profile#english-details";

/** The details a document in `language` prints in Cyrillic for want of English ones. */
export function missingEnglishDetails(
  language: string,
  company: Record<EnglishDetail, string | null>,
): EnglishDetail[] {
  if (language === "bg") return [];
  return (Object.keys(ENGLISH_DETAILS) as EnglishDetail[]).filter((key) => !company[key]?.trim());
}

/** The warning's sentence: «Липсват на английски името на фирмата и адресът.» */
export function englishDetailsWarning(missing: readonly EnglishDetail[]): string {
  const names = missing.map((key) => ENGLISH_DETAILS[key]);
  const list =
    names.length > 1 ? `${names.slice(0, -1).join(", ")} и ${names[names.length - 1]}` : names[0];
  return `Документът е на английски, а на фирмата липсват на английски ${list}: те ще се отпечатат на кирилица.`;
}
