import { button, escapeHtml } from "./html.server";
import type { MailMessage } from "./mailer.server";
import {
  type MailPayLink,
  type MailPaymentQr,
  payLinkParts,
  qrParts,
} from "./payment-parts.server";

export type { MailPayLink, MailPaymentQr } from "./payment-parts.server";

/** What every template may take besides its own fields: the admins' e-mail logo, when set. */
export interface MailBrand {
  /** The public URL of the logo (settings/app-settings.server.ts emailLogoUrl), or null. */
  logoUrl?: string | null;
}

/** The frame's top: the admins' logo on white above the brand bar, or the bar alone. */
function header(logoUrl: string | null | undefined): string {
  const bar = (radius: string) =>
    `<tr><td style="background:#184136;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:${radius}">Сметка</td></tr>`;
  if (!logoUrl) return bar("12px 12px 0 0");
  return `<tr><td style="padding:16px 24px;border-radius:12px 12px 0 0"><img src="${escapeHtml(logoUrl)}" alt="Сметка" height="48" style="display:block;height:48px;max-width:240px;border:0"></td></tr>
${bar("0")}`;
}

/** A simple, robust HTML frame (tables and inline styles, as mail clients need). */
export function layout(
  title: string,
  body: string,
  brand: MailBrand,
  footer = "Получавате това писмо, защото адресът ви е използван в Сметка. Ако не сте били вие, не правете нищо.",
): string {
  return `<!doctype html><html lang="bg"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f7f8f7;font-family:Arial,Helvetica,sans-serif;color:#1b1f1d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
${header(brand.logoUrl)}
<tr><td style="padding:24px;font-size:16px;line-height:1.5">${body}</td></tr>
<tr><td style="padding:16px 24px;color:#4a5551;font-size:12px">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
}

export function verificationMail(
  input: MailBrand & {
    to: string;
    firstName: string;
    link: string;
    code: string;
  },
): MailMessage {
  const subject = "Потвърдете имейл адреса си в Сметка";
  return {
    to: input.to,
    subject,
    text: `Здравейте, ${input.firstName}!

Потвърдете имейл адреса си, като отворите тази връзка:
${input.link}

Или въведете този код на страницата „Потвърди с код“: ${input.code}

Връзката и кодът са валидни 24 часа.

Екипът на Сметка`,
    html: layout(
      subject,
      `<p>Здравейте, ${escapeHtml(input.firstName)}!</p>
<p>Потвърдете имейл адреса си, за да използвате всички възможности на Сметка.</p>
${button(input.link, "Потвърди имейла")}
<p>Или въведете този код на страницата „Потвърди с код“:</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(input.code)}</p>
<p style="color:#4a5551">Връзката и кодът са валидни 24 часа.</p>`,
      input,
    ),
  };
}

export function passwordResetMail(
  input: MailBrand & {
    to: string;
    firstName: string;
    link: string;
  },
): MailMessage {
  const subject = "Нова парола за Сметка";
  return {
    to: input.to,
    subject,
    text: `Здравейте, ${input.firstName}!

Получихме заявка за нова парола. Задайте я от тази връзка:
${input.link}

Връзката е валидна един час и може да се използва само веднъж. Ако не сте поискали нова парола, не правете нищо.

Екипът на Сметка`,
    html: layout(
      subject,
      `<p>Здравейте, ${escapeHtml(input.firstName)}!</p>
<p>Получихме заявка за нова парола за профила ви.</p>
${button(input.link, "Задай нова парола")}
<p style="color:#4a5551">Връзката е валидна един час и може да се използва само веднъж. Ако не сте поискали нова парола, не правете нищо.</p>`,
      input,
    ),
  };
}

export function welcomeMail(
  input: MailBrand & { to: string; firstName: string; link: string },
): MailMessage {
  const subject = "Добре дошли в Сметка!";
  return {
    to: input.to,
    subject,
    text: `Здравейте, ${input.firstName}!

Имейлът ви е потвърден. Добре дошли в Сметка!
Първи стъпки: добавете клиент, издайте първата си фактура и качете логото на фирмата.

${input.link}

Екипът на Сметка`,
    html: layout(
      subject,
      `<p>Здравейте, ${escapeHtml(input.firstName)}!</p>
<p>Имейлът ви е потвърден. Добре дошли в Сметка!</p>
<p>Първи стъпки: добавете клиент, издайте първата си фактура и качете логото на фирмата.</p>
${button(input.link, "Към таблото")}`,
      input,
    ),
  };
}

/** A title as it reads inside a sentence: «фактура № …», not «Фактура № …» (issue #31 item 8). */
const inSentence = (title: string) => title.charAt(0).toLocaleLowerCase("bg") + title.slice(1);

/** What a document's e-mail says, besides its PDF: the client's subject and paragraphs. */
export interface DocumentMailText {
  title: string;
  companyName: string;
  total: string;
  dueDate: string | null;
  english: boolean;
  message?: string | null;
}

/**
 * The subject and paragraphs of a document's e-mail, as sent and as the send form previews it.
 * The sender's own message stands in for the greeting and the sign-off (issue #41 item 12): it is
 * the letter's opening, followed by what is attached and the amount; without one the standard
 * greeting and sign-off frame those two lines.
 */
export function documentMailText(input: DocumentMailText): {
  subject: string;
  paragraphs: string[];
} {
  const subject = input.english
    ? `${input.title} from ${input.companyName}`
    : `${input.title} от ${input.companyName}`;
  const own = input.message?.trim() ?? "";
  const facts = input.english
    ? [
        `Please find attached ${input.title} from ${input.companyName}.`,
        `Amount: ${input.total}${input.dueDate ? `, due ${input.dueDate}` : ""}.`,
      ]
    : [
        `Изпращаме ви ${inSentence(input.title)} от ${input.companyName}. Документът е приложен като PDF.`,
        `Сума: ${input.total}${input.dueDate ? `, с падеж ${input.dueDate}` : ""}.`,
      ];
  if (own) return { subject, paragraphs: [own, ...facts] };
  const paragraphs = input.english
    ? ["Hello,", ...facts, `Kind regards,\n${input.companyName}`]
    : ["Здравейте,", ...facts, `Поздрави,\n${input.companyName}`];
  return { subject, paragraphs };
}

/**
 * A document sent to a client, its PDF attached: from the company's name (MAIL_FROM's address),
 * replies go to the company; the sender's own short message in place of the greeting and the
 * sign-off (documentMailText), and a hidden copy to them when they asked for one.
 */
export function documentMail(
  input: MailBrand &
    DocumentMailText & {
      to: string;
      replyTo: string;
      pdf: { filename: string; content: Buffer };
      copyTo?: string | null;
      paymentQr?: MailPaymentQr | null;
      payLink?: MailPayLink | null;
    },
): MailMessage {
  const { subject, paragraphs: lines } = documentMailText(input);
  const qr = qrParts(input.paymentQr);
  const pay = payLinkParts(input.payLink);
  return {
    to: input.to,
    replyTo: input.replyTo,
    fromName: input.companyName,
    ...(input.copyTo ? { bcc: input.copyTo } : {}),
    subject,
    text: `${lines.join("\n\n")}\n${pay.text}${qr.text}`,
    html: layout(
      subject,
      lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, "<br>")}</p>`).join("\n") +
        pay.html +
        qr.html,
      input,
      input.english
        ? `Sent with Smetka on behalf of ${input.companyName}. Reply to this message to reach them.`
        : `Изпратено чрез Сметка от името на ${input.companyName}. Отговорете на писмото, за да се свържете с тях.`,
    ),
    attachments: [
      { filename: input.pdf.filename, content: input.pdf.content, contentType: "application/pdf" },
      ...qr.attachments,
    ],
  };
}

/** The placeholders a company's own reminder text may use, with what they stand for. */
export const REMINDER_PLACEHOLDERS = {
  "{номер}": "номерът на документа",
  "{сума}": "сумата за плащане",
  "{падеж}": "датата на падежа",
  "{iban}": "IBAN на фирмата",
  "{фирма}": "името на фирмата",
} as const;

/** The reminder's text when the company wrote none (placeholders as in REMINDER_PLACEHOLDERS). */
export const DEFAULT_REMINDER_TEXT = `Здравейте,

Напомняме ви, че плащането по {номер} с падеж {падеж} все още не е постъпило. Дължимата сума е {сума}.

Можете да я преведете по сметка {iban}. Ако вече сте платили, моля, не обръщайте внимание на това писмо.

Поздрави,
{фирма}`;

/** What a reminder says: its subject and text, the company's placeholders filled. */
export interface ReminderInput {
  title: string;
  companyName: string;
  issueDate: string;
  dueDate: string | null;
  amountDue: string;
  iban: string | null;
  bankName: string | null;
  /** The company's own text, or null for the default. */
  message: string | null;
}

/** A paragraph that only greets («Здравейте,», «Hello,»): left out when the sender wrote their own. */
const GREETING = /^(здравейте|добър ден|уважаеми[^\n]*|hello|hi|dear[^\n]*)[,!.]?$/i;
/** A sign-off paragraph («Поздрави,\n{фирма}», «С уважение, …»). */
const SIGN_OFF = /^(поздрави|с уважение|хубав ден|kind regards|best regards|regards)(?=[\s,.!]|$)/i;

/**
 * The reminder's subject and text with the sender's own note (issue #41 item 12): the note opens
 * the letter in place of the reminder's greeting, and the sign-off is left out (the note is the
 * person's own words); without a note, the reminder's text as it is.
 */
export function reminderWithNote(input: ReminderInput & { note?: string | null }): {
  subject: string;
  text: string;
} {
  const reminder = reminderText(input);
  const note = input.note?.trim();
  if (!note) return reminder;
  const parts = reminder.text.split(/\n{2,}/);
  if (parts.length > 1 && GREETING.test(parts[0]!.trim())) parts.shift();
  if (parts.length > 1 && SIGN_OFF.test(parts.at(-1)!.trim())) parts.pop();
  return { subject: reminder.subject, text: [note, ...parts].join("\n\n") };
}

/**
 * The reminder's subject and text, as it is sent and as the document's page previews it before
 * «Изпрати напомняне» (issue #31 item 9).
 */
export function reminderText(input: ReminderInput): { subject: string; text: string } {
  const values: Record<string, string> = {
    "{номер}": `${inSentence(input.title)} от ${input.issueDate}`,
    "{сума}": input.amountDue,
    "{падеж}": input.dueDate ?? "—",
    "{iban}": input.iban ? `${input.iban}${input.bankName ? ` (${input.bankName})` : ""}` : "—",
    "{фирма}": input.companyName,
  };
  const text = (input.message?.trim() || DEFAULT_REMINDER_TEXT).replace(
    /\{(номер|сума|падеж|iban|фирма)\}/g,
    (placeholder) => values[placeholder] ?? placeholder,
  );
  return { subject: `Напомняне: ${input.title} — ${input.amountDue} за плащане`, text };
}

/** A polite reminder of an overdue document, its PDF attached; from the company, replies to it. */
export function reminderMail(
  input: MailBrand &
    ReminderInput & {
      to: string;
      replyTo: string;
      pdf: { filename: string; content: Buffer };
      copyTo?: string | null;
      /** The sender's own short message, in place of the reminder's greeting and sign-off. */
      note?: string | null;
      paymentQr?: MailPaymentQr | null;
      payLink?: MailPayLink | null;
    },
): MailMessage {
  const { subject, text } = reminderWithNote(input);
  const qr = qrParts(input.paymentQr);
  const pay = payLinkParts(input.payLink);
  return {
    to: input.to,
    replyTo: input.replyTo,
    fromName: input.companyName,
    ...(input.copyTo ? { bcc: input.copyTo } : {}),
    subject,
    text: `${text}\n${pay.text}${qr.text}`,
    html: layout(
      subject,
      text
        .split(/\n{2,}/)
        .map((part) => `<p>${escapeHtml(part).replace(/\n/g, "<br>")}</p>`)
        .join("\n") +
        pay.html +
        qr.html,
      input,
      `Изпратено чрез Сметка от името на ${input.companyName}. Отговорете на писмото, за да се свържете с тях.`,
    ),
    attachments: [
      { filename: input.pdf.filename, content: input.pdf.content, contentType: "application/pdf" },
      ...qr.attachments,
    ],
  };
}

/** The company's export is ready (issue #28): where to download it and until when. */
export function exportReadyMail(
  input: MailBrand & { to: string; firstName: string; link: string; until: string; size: string },
): MailMessage {
  const subject = "Експортът на данните ви е готов";
  return {
    to: input.to,
    subject,
    text: `Здравейте, ${input.firstName}!

Архивът с всички данни на фирмата (${input.size}) е готов. Изтеглете го от тази връзка, след като влезете в профила си:
${input.link}

Архивът може да бъде изтеглен до ${input.until}, след което се изтрива и можете да подготвите нов.

Екипът на Сметка`,
    html: layout(
      subject,
      `<p>Здравейте, ${escapeHtml(input.firstName)}!</p>
<p>Архивът с всички данни на фирмата (${escapeHtml(input.size)}) е готов. Изтеглете го, след като влезете в профила си.</p>
${button(input.link, "Към експорта")}
<p style="color:#4a5551">Архивът може да бъде изтеглен до ${escapeHtml(input.until)}, след което се изтрива и можете да подготвите нов.</p>`,
      input,
    ),
  };
}

/** A new admin's invitation: a one-time link (the password-reset token) to set their password. */
export function adminInviteMail(
  input: MailBrand & { to: string; firstName: string; link: string; loginUrl: string },
): MailMessage {
  const subject = "Администраторски профил в Сметка";
  return {
    to: input.to,
    subject,
    text: `Здравейте, ${input.firstName}!

Създаден ви е администраторски профил в Сметка. Задайте паролата си от тази връзка:
${input.link}

Връзката е валидна един час и може да се използва само веднъж. След това влизате от ${input.loginUrl}

Екипът на Сметка`,
    html: layout(
      subject,
      `<p>Здравейте, ${escapeHtml(input.firstName)}!</p>
<p>Създаден ви е администраторски профил в Сметка. Задайте паролата си от връзката по-долу.</p>
${button(input.link, "Задай парола")}
<p style="color:#4a5551">Връзката е валидна един час и може да се използва само веднъж. След това влизате от <a href="${escapeHtml(input.loginUrl)}">${escapeHtml(input.loginUrl)}</a>.</p>`,
      input,
    ),
  };
}

/** An invitation to join a company's team (issue #29): the single-use link, valid 14 days. */
export function teamInvitationMail(
  input: MailBrand & {
    to: string;
    companyName: string;
    inviterName: string;
    roleLabel: string;
    link: string;
    validUntil: string;
  },
): MailMessage {
  const subject = `Покана за екипа на ${input.companyName} в Сметка`;
  return {
    to: input.to,
    subject,
    text: `Здравейте!

${input.inviterName} ви кани в екипа на ${input.companyName} в Сметка с роля „${input.roleLabel}“.

Приемете поканата от тази връзка:
${input.link}

Връзката е валидна до ${input.validUntil} и може да се използва само веднъж. Ако още нямате профил в Сметка, от нея създавате само вход (име и парола) — фирмата вече е създадена.

Екипът на Сметка`,
    html: layout(
      subject,
      `<p>Здравейте!</p>
<p><strong>${escapeHtml(input.inviterName)}</strong> ви кани в екипа на <strong>${escapeHtml(input.companyName)}</strong> в Сметка с роля „${escapeHtml(input.roleLabel)}“.</p>
${button(input.link, "Приеми поканата")}
<p style="color:#4a5551">Връзката е валидна до ${escapeHtml(input.validUntil)} и може да се използва само веднъж. Ако още нямате профил в Сметка, от нея създавате само вход (име и парола) — фирмата вече е създадена.</p>`,
      input,
    ),
  };
}

/** The tax calendar's reminder (decision 075): the deadlines of the next days, one a line. */
export function calendarReminderMail(
  input: MailBrand & {
    to: string;
    firstName: string;
    companyName: string;
    /** «Справка-декларация по ДДС … — до 14.12.2026 г. (ДДС за внасяне: 1 234,56 EUR)». */
    lines: string[];
    link: string;
  },
): MailMessage {
  const subject = `Наближаващи срокове: ${input.companyName}`;
  const intro = `Наближават сроковете на ${input.companyName}:`;
  const stop =
    "Напомнянията се спират от страницата «Данъчен календар», раздел «Напомняния по имейл».";
  return {
    to: input.to,
    subject,
    text: `Здравейте, ${input.firstName}!

${intro}
${input.lines.map((line) => `- ${line}`).join("\n")}

Календарът: ${input.link}

${stop}

Екипът на Сметка`,
    html: layout(
      subject,
      `<p>Здравейте, ${escapeHtml(input.firstName)}!</p>
<p>${escapeHtml(intro)}</p>
<ul>${input.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
${button(input.link, "Към календара")}
<p style="color:#4a5551">${escapeHtml(stop)}</p>`,
      input,
    ),
  };
}
