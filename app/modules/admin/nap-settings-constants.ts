/* The back office's НАП forms: ids and labels (no zod, no server code: the page imports them). */

export const NAP_FORMAT_FORM = "nap-format";
export const NAP_ACCOUNT_FORM = "nap-account";

export const NAP_ACCOUNT_KINDS = {
  tax: "Данъци (вкл. данък по чл. 42 ЗДДФЛ)",
  doo: "ДОО (вкл. ТЗПБ)",
  zo: "Здравно осигуряване",
  dzpo: "ДЗПО (УПФ и ППФ)",
  enforcement: "Принудително събиране",
} as const;
