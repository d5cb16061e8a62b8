import { Form } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Section, useBusy } from "~/components/invoices/document-actions";
import { MailFields, MailPreview } from "~/components/invoices/document-send";
import * as styles from "~/components/invoices/invoices.css";
import { Button } from "~/components/ui/button";
import { useFormAnswer } from "~/utils/forms";

/*
 * «Изпрати по имейл» on /offer/{id} (decision 077): the invoice's mail fields — addresses (the
 * client's by default), the sender's own message, a copy to them — and «Преглед»; a native POST
 * (intents send, previewSend), so it works without JavaScript. Shown while the offer is open and
 * within its day: the e-mail asks the client to answer it in the portal.
 */

export const OFFER_SEND_FORM = "offer-send";

export function OfferSendSection({
  offer,
  me,
}: {
  offer: { status: string; expired: boolean; clientEmails: string[]; sentAt: string | null };
  /** The signed-in person's address, for «Изпрати копие и до мен». */
  me: string;
}) {
  const busy = useBusy();
  const answer = useFormAnswer(OFFER_SEND_FORM);
  const focusRef = useFocusFirstInvalid(answer);
  if (offer.status !== "open" || offer.expired) return null;
  return (
    <Section title="Изпрати по имейл">
      <Form ref={focusRef} method="post">
        <CompanyField />
        <MailFields
          answer={answer}
          emails={offer.clientEmails}
          me={me}
          messageHint="Заменя поздрава и подписа: писмото започва с него, следват офертата, стойността и връзката за отговор (до 1000 знака)"
        />
        <MailPreview answer={answer} />
        <div className={styles.actions}>
          <Button type="submit" name="intent" value="send" disabled={busy}>
            {offer.sentAt ? "Изпрати отново" : "Изпрати"}
          </Button>
          <Button type="submit" name="intent" value="previewSend" tone="secondary" disabled={busy}>
            Преглед
          </Button>
        </div>
      </Form>
    </Section>
  );
}
