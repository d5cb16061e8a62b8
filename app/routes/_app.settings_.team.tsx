import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import * as styles from "~/components/layout/page.css";
import { InvitationsTable, InviteForm, MembersTable } from "~/components/team/team-forms";
import { TEAM_FORMS } from "~/modules/team/constants";
import { inviteMember, listInvitations, revokeInvitation } from "~/modules/team/invitations.server";
import { changeMemberRole, listMembers, removeMember } from "~/modules/team/members.server";
import { inviteSchema, memberRoleSchema } from "~/modules/team/schema";
import { companySeats } from "~/modules/team/seats.server";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

/** /settings/team (issue #29): the owner's members, roles and invitations. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "team");
  const [members, invitations, seats] = await Promise.all([
    listMembers(context.db, user.companyId),
    listInvitations(context.db, user.companyId),
    companySeats(context.db, user.companyId, todayInSofia()),
  ]);
  return json({ companyName: user.companyName, you: user.id, members, invitations, seats });
}

const done = (title: string, description?: string) =>
  redirectWithToast("/settings/team", { title, description });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "team");
  const values = typedValues(await request.formData());
  // A member's forms answer at the member's row; the rest at their own form.
  const memberForm = `${TEAM_FORMS.member}-${values.userId ?? ""}`;
  try {
    switch (values.intent) {
      case "invite": {
        const { data, refusal } = parseFormValues(TEAM_FORMS.invite, inviteSchema, values, [
          "email",
          "role",
        ]);
        if (refusal) return refusal;
        const invitation = await inviteMember(context, user, data);
        return done("Поканата е изпратена", `${invitation.email} · ${invitation.roleLabel}`);
      }
      case "revoke":
        await revokeInvitation(context, user, values.id ?? "");
        return done("Поканата е оттеглена", "Връзката в писмото вече не работи.");
      case "role": {
        const { data, refusal } = parseFormValues(memberForm, memberRoleSchema, values, ["role"]);
        if (refusal) return refusal;
        await changeMemberRole(context, user, values.userId ?? "", data);
        return done("Ролята е запазена");
      }
      case "transfer":
        if (values.confirm !== "on") {
          return refuseForm({
            formId: memberForm,
            fieldErrors: {},
            formError: "Потвърдете прехвърлянето на собствеността",
          });
        }
        await changeMemberRole(context, user, values.userId ?? "", {
          role: "owner",
          ownDocumentsOnly: false,
        });
        return redirectWithToast("/dashboard", {
          title: "Собствеността е прехвърлена",
          description: "Вече сте счетоводител на фирмата.",
        });
      case "remove":
        // Removing ends the member's access at once: the first «Премахни» asks, «Да, премахни»
        // removes (a second POST, as «Да, издай»; the same without JavaScript).
        if (values.confirm !== "yes") {
          return json({ formId: memberForm, fieldErrors: {}, confirmRemove: true });
        }
        await removeMember(context, user, values.userId ?? "");
        return done("Членът е премахнат", "Сесиите му за фирмата са прекратени.");
      default:
        return refuseUnknownIntent();
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const formId =
      values.intent === "invite"
        ? TEAM_FORMS.invite
        : values.intent === "revoke"
          ? TEAM_FORMS.invitation
          : memberForm;
    return refuseWithAppError(formId, error, values);
  }
}

export default function Team() {
  const { companyName, you, members, invitations, seats } = useLoaderData<typeof loader>();
  const revoked = useFormAnswer(TEAM_FORMS.invitation);
  const unknown = useFormAnswer("");
  return (
    <div className={styles.page}>
      <h1>Екип</h1>
      <FormError message={unknown?.formError} />
      <p>
        Фирма: <strong>{companyName}</strong> · заети места {seats.used} от {seats.seats}{" "}
        (счетоводителите не заемат място)
      </p>
      <section className={styles.card} aria-labelledby="members-title">
        <h2 id="members-title">Членове</h2>
        <MembersTable members={members} you={you} />
      </section>
      <section className={styles.card} aria-labelledby="invitations-title">
        <h2 id="invitations-title">Покани</h2>
        <FormError message={revoked?.formError} />
        <InvitationsTable invitations={invitations} />
      </section>
      <section className={styles.card}>
        <InviteForm seatsLeft={seats.seats - seats.used} />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Екип | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
