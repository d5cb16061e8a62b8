import { fillPlaceholders } from "~/modules/recurring/placeholders";
import { FREQUENCIES, type Rule, upcoming } from "~/modules/recurring/schedule";
import { printDate } from "~/utils/dates";
import { isOwnKey } from "~/utils/own-keys";

/** The next three dates of what is chosen and the first invoice's lines, or why there are none. */
export function RecurringPreview({
  rule,
  lines,
  language,
}: {
  rule: Partial<Rule>;
  lines: string[];
  language: "bg" | "en" | "bilingual";
}) {
  const valid =
    isOwnKey(FREQUENCIES, rule.frequency) &&
    Number.isInteger(rule.dayOfMonth) &&
    (rule.dayOfMonth ?? 0) >= 1 &&
    (rule.dayOfMonth ?? 0) <= 31 &&
    /^\d{4}-\d{2}-\d{2}$/.test(rule.startOn ?? "");
  const dates = valid ? upcoming(rule as Rule, (rule as Rule).startOn, 3) : [];
  const first = dates[0];
  return (
    <div role="status" aria-live="polite">
      <p>
        {dates.length
          ? `Следващи дати: ${dates.map(printDate).join(", ")}`
          : "Изберете график, за да видите следващите дати."}
      </p>
      {first && rule.frequency ? (
        <>
          <p>Редовете на първата фактура ({printDate(first)}):</p>
          <ul data-testid="recurring-preview-lines">
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines keep their order
              <li key={index}>{fillPlaceholders(line, first, rule.frequency!, language)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
