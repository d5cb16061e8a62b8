/*
 * The units people type on Bulgarian documents, in English (issue #41 item 5): an English
 * document prints «pcs» where the line says «бр.», a bilingual one «бр. / pcs». Data, one row a
 * unit: its Bulgarian spellings (compared without case, spaces and a final dot) and its English
 * abbreviation. A unit not listed prints as typed.
 */
const UNIT_NAMES: readonly (readonly [readonly string[], string])[] = [
  [["бр", "брой", "броя", "бройки"], "pcs"],
  [["ч", "час", "часа", "часове"], "hour"],
  [["мин", "минута", "минути"], "min"],
  [["д", "ден", "дни", "дена"], "day"],
  [["седм", "седмица", "седмици"], "week"],
  [["мес", "месец", "месеца", "месеци"], "month"],
  [["г", "год", "година", "години"], "year"],
  [["услуга", "услуги", "усл"], "service"],
  [["кг", "килограм", "килограма"], "kg"],
  [["гр", "грам", "грама"], "g"],
  [["т", "тон", "тона"], "t"],
  [["м", "метър", "метра", "лм", "л.м"], "m"],
  [["км", "километър", "километра"], "km"],
  [["см", "сантиметър", "сантиметра"], "cm"],
  [["мм", "милиметър", "милиметра"], "mm"],
  [["м2", "м²", "кв.м", "квм", "кв.метра"], "m²"],
  [["м3", "м³", "куб.м", "кубм", "куб.метра"], "m³"],
  [["л", "литър", "литра"], "l"],
  [["мл", "милилитър", "милилитра"], "ml"],
  [["квтч", "квт.ч", "kwh"], "kWh"],
  [["к-т", "кт", "комплект", "комплекта"], "set"],
  [["пак", "пакет", "пакета"], "pack"],
  [["кут", "кутия", "кутии"], "box"],
  [["стр", "страница", "страници"], "page"],
  [["нощувка", "нощувки"], "night"],
  [["км/ч"], "km/h"],
  [["сделка", "сделки"], "transaction"],
  [["абонамент", "абонамента"], "subscription"],
  [["проект", "проекта"], "project"],
];

const key = (unit: string) =>
  unit.trim().toLocaleLowerCase("bg").replace(/\s+/g, "").replace(/\.$/, "");

const BY_SPELLING = new Map<string, string>(
  UNIT_NAMES.flatMap(([spellings, english]) => spellings.map((s) => [key(s), english] as const)),
);

/** The English unit of a unit as typed («бр.» → «pcs», «час» → «hour»); as typed when unknown. */
export function unitInEnglish(unit: string): string {
  return BY_SPELLING.get(key(unit)) ?? unit;
}
