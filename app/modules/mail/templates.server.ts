import type { MailMessage } from "./mailer.server";

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** A simple, robust HTML frame (tables and inline styles, as mail clients need). */
function layout(
  title: string,
  body: string,
  footer = "Получавате това писмо, защото адресът ви е използван в Сметка. Ако не сте били вие, не правете нищо.",
): string {
  return `<!doctype html><html lang="bg"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f7f8f7;font-family:Arial,Helvetica,sans-serif;color:#1b1f1d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td style="background:#184136;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:12px 12px 0 0">Сметка</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">${body}</td></tr>
<tr><td style="padding:16px 24px;color:#4a5551;font-size:12px">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
}

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#184136;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

export function verificationMail(input: {
  to: string;
  firstName: string;
  link: string;
  code: string;
}): MailMessage {
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
    ),
  };
}

export function passwordResetMail(input: {
  to: string;
  firstName: string;
  link: string;
}): MailMessage {
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
    ),
  };
}

export function welcomeMail(input: { to: string; firstName: string; link: string }): MailMessage {
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
    ),
  };
}

/** A document sent to a client, its PDF attached; replies go to the company. */
export function documentMail(input: {
  to: string;
  replyTo: string;
  title: string;
  companyName: string;
  total: string;
  dueDate: string | null;
  english: boolean;
  pdf: { filename: string; content: Buffer };
}): MailMessage {
  const subject = input.english
    ? `${input.title} from ${input.companyName}`
    : `${input.title} от ${input.companyName}`;
  const lines = input.english
    ? [
        "Hello,",
        `Please find attached ${input.title} from ${input.companyName}.`,
        `Amount: ${input.total}${input.dueDate ? `, due ${input.dueDate}` : ""}.`,
        `Kind regards,\n${input.companyName}`,
      ]
    : [
        "Здравейте,",
        `Изпращаме ви ${input.title} от ${input.companyName}. Документът е приложен като PDF.`,
        `Сума: ${input.total}${input.dueDate ? `, с падеж ${input.dueDate}` : ""}.`,
        `Поздрави,\n${input.companyName}`,
      ];
  return {
    to: input.to,
    replyTo: input.replyTo,
    subject,
    text: `${lines.join("\n\n")}\n`,
    html: layout(
      subject,
      lines.map((line) => `<p>${escapeHtml(line).replace("\n", "<br>")}</p>`).join("\n"),
      input.english
        ? `Sent with Smetka on behalf of ${input.companyName}. Reply to this message to reach them.`
        : `Изпратено чрез Сметка от името на ${input.companyName}. Отговорете на писмото, за да се свържете с тях.`,
    ),
    attachments: [
      { filename: input.pdf.filename, content: input.pdf.content, contentType: "application/pdf" },
    ],
  };
}
