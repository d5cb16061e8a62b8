import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import { freePort } from "./harness";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string | null; mimeType: string }[];
  /** The attachments with their Content-ID and bytes (an inline image is one). */
  parts: { filename: string | null; contentId: string | null; content: Uint8Array }[];
}

/** A real SMTP server on 127.0.0.1 that keeps what the app sends (the app's SMTP_URL). */
export async function startMailbox() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const email = await PostalMime.parse(Buffer.concat(chunks));
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: email.subject ?? "",
          text: email.text ?? "",
          html: email.html ?? "",
          attachments: email.attachments.map((a) => ({
            filename: a.filename,
            mimeType: a.mimeType,
          })),
          parts: email.attachments.map((a) => ({
            filename: a.filename,
            contentId: a.contentId ?? null,
            content:
              typeof a.content === "string"
                ? new TextEncoder().encode(a.content)
                : new Uint8Array(a.content),
          })),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits for a mail to this address whose subject contains the text. */
    async waitFor(to: string, subject: string, timeoutMs = 15_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to.includes(to) && m.subject.includes(subject));
        if (mail) return mail;
        if (Date.now() > deadline)
          throw new Error(
            `No mail «${subject}» to ${to}; got: ${received.map((m) => `${m.to} «${m.subject}»`).join(", ")}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that contains `path`. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(path));
  if (!link) throw new Error(`No ${path} link in «${mail.subject}»:\n${mail.text}`);
  return link;
}
