import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import nodemailer, { type Transporter } from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** The sender's name shown with MAIL_FROM's address (a company's documents: its name). */
  fromName?: string;
  /** A hidden copy (the person who sent a document, when they asked for one). */
  bcc?: string;
  attachments?: {
    filename: string;
    content: Buffer | Uint8Array;
    contentType?: string;
    /** An inline image's Content-ID: the HTML shows it as `<img src="cid:…">`. */
    cid?: string;
  }[];
}

export class MailError extends Error {
  override name = "MailError";
}

const transports = new Map<string, Transporter>();
// Without SMTP, nodemailer still builds the real message; it is kept as an .eml file.
const fileTransport = nodemailer.createTransport({
  streamTransport: true,
  buffer: true,
  newline: "unix",
});

/**
 * A short, unique file name for a kept message, however many recipients it has:
 * "2026-11-22T10-00-00-000Z-ivan@example.bg+2-a1b2c3.eml".
 */
export function emlFileName(to: string, now = new Date()): string {
  const recipients = to
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
  const first = (recipients[0] ?? "unknown").replace(/[^a-z0-9@.-]/gi, "_").slice(0, 64);
  const more = recipients.length > 1 ? `+${recipients.length - 1}` : "";
  return `${now.toISOString().replace(/[:.]/g, "-")}-${first}${more}-${randomBytes(3).toString("hex")}.eml`;
}

/** The address of a sender written as "Name <address>" (or the bare address). */
export function mailAddress(from: string): string {
  return /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/**
 * Sends a message over SMTP_URL, or writes it to DATA_DIR/mail/*.eml (and logs its links)
 * when there is no SMTP server. Throws MailError when it could not be sent: callers show it.
 */
export async function sendMail(
  config: AppLoadContext["config"],
  message: MailMessage,
): Promise<void> {
  const { fromName, ...rest } = message;
  const envelope = {
    from: fromName ? { name: fromName, address: mailAddress(config.mail.from) } : config.mail.from,
    ...rest,
    attachments: message.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) })),
  };
  const { smtpUrl } = config.mail;
  try {
    if (smtpUrl) {
      let transport = transports.get(smtpUrl);
      if (!transport) {
        const url = new URL(smtpUrl);
        if (!url.searchParams.has("connectionTimeout"))
          url.searchParams.set("connectionTimeout", "10000");
        transport = nodemailer.createTransport(url.toString());
        transports.set(smtpUrl, transport);
      }
      await transport.sendMail(envelope);
      return;
    }
    const info = await fileTransport.sendMail(envelope);
    const folder = path.resolve(config.dataDir, "mail");
    await mkdir(folder, { recursive: true });
    const name = emlFileName(message.to);
    const file = path.join(folder, name);
    await writeFile(file, info.message as Buffer);
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    console.log(
      `Mail to ${message.to} «${message.subject}» kept in ${file}${links.length ? `; links: ${links.join(" ")}` : ""}`,
    );
  } catch (error) {
    console.error(`Mail to ${message.to} failed:`, error);
    throw new MailError("Имейлът не можа да бъде изпратен. Опитайте отново по-късно.");
  }
}
