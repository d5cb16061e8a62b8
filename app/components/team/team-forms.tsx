import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CompanyField } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button, ButtonLink } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { INVITED_ROLES, type MemberRole, ROLE_LABELS } from "~/modules/auth/capabilities";
import { TEAM_FORMS } from "~/modules/team/constants";
import { formatDate } from "~/utils/dates";
import { type FormAnswer, typedOr, useFormAnswer } from "~/utils/forms";

/*
 * The team's native forms (issue #29): invite, a member's role, removal, ownership, revoking an
 * invitation. Each works without JavaScript and answers with its own form's message.
 */

const INVITED_OPTIONS = INVITED_ROLES.map((role) => [role, ROLE_LABELS[role]] as const);
const OWN_DOCUMENTS = "Служител: само документите, които сам е създал";

function OwnDocumentsBox(props: { id: string; answer: FormAnswer | undefined; checked: boolean }) {
  const checked = props.answer ? typedOr(props.answer, "ownDocumentsOnly") === "on" : props.checked;
  return (
    <div className={fieldStyles.checkboxRow} style={{ marginBottom: 0 }}>
      <input id={props.id} type="checkbox" name="ownDocumentsOnly" defaultChecked={checked} />
      <label htmlFor={props.id}>{OWN_DOCUMENTS}</label>
    </div>
  );
}

/** «Покани»: an address and a role; the mail carries the link. */
export function InviteForm({ seatsLeft }: { seatsLeft: number }) {
  const answer = useFormAnswer(TEAM_FORMS.invite);
  const focusRef = useFocusFirstInvalid(answer);
  const busy = useNavigation().formData?.get("intent") === "invite";
  return (
    <Form ref={focusRef} method="post" aria-labelledby="invite-title" noValidate>
      <CompanyField />
      <h2 id="invite-title">Покани член на екипа</h2>
      <p>
        Поканата се изпраща по имейл с връзка за еднократна употреба, валидна 14 дни. Свободни места
        в плана: {Math.max(seatsLeft, 0)} (счетоводителите не заемат място).
      </p>
      <FormError message={answer?.formError} />
      <FormField
        name="email"
        label="Имейл"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        defaultValue={typedOr(answer, "email")}
        error={answer?.fieldErrors.email}
        controlProps={{ maxLength: 254 }}
      />
      <FormField
        name="role"
        label="Роля"
        required
        options={INVITED_OPTIONS}
        defaultValue={typedOr(answer, "role", "staff")}
        error={answer?.fieldErrors.role}
      />
      <OwnDocumentsBox id="invite-own-documents" answer={answer} checked={false} />
      <p>
        <Button type="submit" name="intent" value="invite" disabled={busy}>
          {busy ? "Изпращане..." : "Изпрати покана"}
        </Button>
      </p>
    </Form>
  );
}

export interface MemberView {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: MemberRole;
  roleLabel: string;
  ownDocumentsOnly: boolean;
}

/** The members with their roles; the owner manages the others from their row. */
export function MembersTable({ members, you }: { members: MemberView[]; you: string }) {
  return (
    <ScrollTable label="Членове на екипа">
      <table className={listStyles.table}>
        <caption className="visually-hidden">Членове на екипа</caption>
        <thead>
          <tr>
            <th scope="col" className={listStyles.cell}>
              Име
            </th>
            <th scope="col" className={listStyles.cell}>
              Роля
            </th>
            <th scope="col" className={listStyles.cell}>
              Действия
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <MemberRow key={member.userId} member={member} you={member.userId === you} />
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function MemberRow({ member, you }: { member: MemberView; you: boolean }) {
  const formId = `${TEAM_FORMS.member}-${member.userId}`;
  const answer = useFormAnswer(formId);
  const focusRef = useFocusFirstInvalid(answer);
  const busy = useNavigation().state === "submitting";
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  const editable = member.role !== "owner" && !you;
  // The first «Премахни» answered with the question (decision: a second POST confirms).
  const confirmRemove = (answer as { confirmRemove?: boolean } | undefined)?.confirmRemove === true;
  return (
    <tr>
      <td className={listStyles.cell}>
        <strong>{name}</strong>
        {you ? " (вие)" : null}
        <br />
        {member.email}
      </td>
      <td className={listStyles.cell}>
        {member.roleLabel}
        {member.ownDocumentsOnly ? " · само своите документи" : null}
      </td>
      <td className={listStyles.cell}>
        {editable ? (
          <>
            <FormError message={answer?.formError} />
            <Form ref={focusRef} method="post" className={listStyles.toolbar} style={{ margin: 0 }}>
              <CompanyField />
              <input type="hidden" name="formId" value={formId} />
              <input type="hidden" name="userId" value={member.userId} />
              <FormField
                name="role"
                label={`Роля на ${name}`}
                options={INVITED_OPTIONS}
                defaultValue={typedOr(answer, "role", member.role)}
                error={answer?.fieldErrors.role}
              />
              <OwnDocumentsBox
                id={`own-${member.userId}`}
                answer={answer}
                checked={member.ownDocumentsOnly}
              />
              <div>
                <Button type="submit" name="intent" value="role" tone="secondary" disabled={busy}>
                  Запази ролята<span className="visually-hidden"> на {name}</span>
                </Button>
              </div>
            </Form>
            <Form method="post" style={{ marginTop: "0.5rem" }}>
              <CompanyField />
              <input type="hidden" name="formId" value={formId} />
              <input type="hidden" name="userId" value={member.userId} />
              <Button type="submit" name="intent" value="remove" tone="quiet" disabled={busy}>
                Премахни<span className="visually-hidden"> {name}</span>
              </Button>
            </Form>
            {confirmRemove ? (
              <RemoveConfirm formId={formId} userId={member.userId} name={name} busy={busy} />
            ) : null}
            <Form method="post" style={{ marginTop: "0.5rem" }}>
              <CompanyField />
              <input type="hidden" name="formId" value={formId} />
              <input type="hidden" name="userId" value={member.userId} />
              <div className={fieldStyles.checkboxRow} style={{ marginBottom: "0.25rem" }}>
                <input id={`transfer-${member.userId}`} type="checkbox" name="confirm" />
                <label htmlFor={`transfer-${member.userId}`}>
                  Прехвърли собствеността на {name} (вие ставате счетоводител)
                </label>
              </div>
              <Button type="submit" name="intent" value="transfer" tone="quiet" disabled={busy}>
                Прехвърли собствеността<span className="visually-hidden"> на {name}</span>
              </Button>
            </Form>
          </>
        ) : (
          "—"
        )}
      </td>
    </tr>
  );
}

/** «Да премахна ли …?»: the second POST that removes the member, or «Отказ». */
function RemoveConfirm(props: { formId: string; userId: string; name: string; busy: boolean }) {
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const titleId = `remove-${props.userId}-title`;
  return (
    <div className={page.warning} role="group" aria-labelledby={titleId}>
      <p id={titleId} ref={heading} tabIndex={-1} style={{ marginTop: 0 }}>
        <strong>Да премахна ли {props.name} от фирмата?</strong> Достъпът и сесиите му за фирмата се
        прекратяват веднага; документите, които е създал, остават.
      </p>
      <Form method="post" className={listStyles.toolbar} style={{ margin: 0 }}>
        <CompanyField />
        <input type="hidden" name="formId" value={props.formId} />
        <input type="hidden" name="userId" value={props.userId} />
        <input type="hidden" name="confirm" value="yes" />
        <Button type="submit" name="intent" value="remove" disabled={props.busy}>
          Да, премахни<span className="visually-hidden"> {props.name}</span>
        </Button>
        <ButtonLink to="/settings/team" tone="secondary">
          Отказ
        </ButtonLink>
      </Form>
    </div>
  );
}

export interface InvitationView {
  id: string;
  email: string;
  roleLabel: string;
  ownDocumentsOnly: boolean;
  expiresAt: string;
  state: "live" | "accepted" | "expired" | "revoked";
  stateLabel: string;
}

/** The invitations not accepted yet: «Поканен» until then, with the way to take one back. */
export function InvitationsTable({ invitations }: { invitations: InvitationView[] }) {
  const busy = useNavigation().state === "submitting";
  if (!invitations.length) return <p>Няма изпратени покани.</p>;
  return (
    <ScrollTable label="Покани">
      <table className={listStyles.table}>
        <caption className="visually-hidden">Покани</caption>
        <thead>
          <tr>
            <th scope="col" className={listStyles.cell}>
              Имейл
            </th>
            <th scope="col" className={listStyles.cell}>
              Роля
            </th>
            <th scope="col" className={listStyles.cell}>
              Състояние
            </th>
            <th scope="col" className={listStyles.cell}>
              Валидна до
            </th>
            <th scope="col" className={listStyles.cell}>
              Действие
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <td className={listStyles.cell}>{invitation.email}</td>
              <td className={listStyles.cell}>
                {invitation.roleLabel}
                {invitation.ownDocumentsOnly ? " · само своите документи" : null}
              </td>
              <td className={listStyles.cell}>{invitation.stateLabel}</td>
              <td className={listStyles.cell}>{formatDate(invitation.expiresAt)}</td>
              <td className={listStyles.cell}>
                {invitation.state === "live" ? (
                  <Form method="post">
                    <CompanyField />
                    <input type="hidden" name="id" value={invitation.id} />
                    <Button type="submit" name="intent" value="revoke" tone="quiet" disabled={busy}>
                      Оттегли
                      <span className="visually-hidden"> поканата до {invitation.email}</span>
                    </Button>
                  </Form>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
