import type { AppLoadContext } from "@remix-run/node";
import { botCheckMessage, verifyBotCheck } from "~/modules/auth/bot-check.server";
import { withBankFilled } from "~/modules/reference/banks.server";
import { registrationFill, VIES_MESSAGES, type ViesStatus } from "~/modules/reference/vies";
import { lookupVat } from "~/modules/reference/vies.server";
import { AppError } from "~/utils/errors";
import { withoutSecrets } from "~/utils/forms.server";
import { fieldErrorsOf } from "~/utils/schema";
import {
  MESSAGES,
  REGISTER_STEPS,
  registerStep1AgainSchema,
  registerStep1Schema,
  registerStep2Schema,
  registerWizardSchema,
} from "./schema";
import { createAccount, takenFields } from "./service.server";
import {
  endSignupDraft,
  SIGNUP_DRAFT_FIELD,
  saveSignupPassword,
  signupPasswordHash,
  touchSignupDraft,
} from "./signup-draft.server";

// The registration wizard on the server: each step is posted, validated and answered with the
// next step carrying earlier answers (hidden fields), so it completes with JavaScript off. The
// password is the exception (issue #31 item 7): step 1 keeps it on the server as a hash (a
// signup draft) and the later steps carry only the draft's random token.

/** Said on step 1 when the kept password has gone (an hour without a step). */
export const SIGNUP_DRAFT_EXPIRED =
  "Мина повече от час от първата стъпка: въведете паролата отново.";

export type WizardStep = 1 | 2 | 3;
export type WizardValues = Record<string, string>;

const INTERNAL = new Set([
  "intent",
  "step",
  "direction",
  "js",
  "notRobot",
  "website",
  "recaptchaToken",
  "redirectTo",
]);

export type WizardAnswer =
  | {
      kind: "step";
      step: WizardStep;
      values: WizardValues;
      fieldErrors?: Record<string, string>;
      /** «Провери» on the company step: the status line, what VIES filled, the HTTP status. */
      vies?: { status: ViesStatus; filled: WizardValues; httpStatus: number };
    }
  | { kind: "done"; userId: string; email: string; firstName: string };

/** The answers a wizard form carries (no internal or bot-check fields). */
export function wizardValues(form: FormData): WizardValues {
  const values: WizardValues = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !INTERNAL.has(key) && !key.startsWith("__rvf"))
      values[key] = value;
  }
  return values;
}

/** The step a field belongs to (for sending the person back where an error is). */
export function stepOf(field: string): WizardStep {
  const index = REGISTER_STEPS.findIndex((step) =>
    (step.fields as readonly string[]).includes(field),
  );
  return index === -1 ? 3 : ((index + 1) as WizardStep);
}

function firstStepWithError(errors: Record<string, string>): WizardStep {
  return Math.min(...Object.keys(errors).map(stepOf)) as WizardStep;
}

export async function handleWizardStep(
  context: AppLoadContext,
  form: FormData,
): Promise<WizardAnswer> {
  const answer = await wizardStep(context, form);
  return answer.kind === "step" ? { ...answer, values: withoutSecrets(answer.values) } : answer;
}

async function wizardStep(context: AppLoadContext, form: FormData): Promise<WizardAnswer> {
  const step = Number(form.get("step")) as WizardStep;
  // Sent without JavaScript, empty bank name and BIC are filled from a Bulgarian IBAN.
  const values = await withBankFilled(context.db, wizardValues(form));
  if (form.get("direction") === "back")
    return { kind: "step", step: Math.max(1, step - 1) as WizardStep, values };
  if (form.get("direction") === "vies") return checkCompanyInVies(context, step, values);

  const draft = values[SIGNUP_DRAFT_FIELD] ?? "";
  if (step === 1) return passwordStep(context, values, draft);
  if (step === 2) {
    const parsed = registerStep2Schema.safeParse(values);
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    // Only well-formed values are looked up; the taken-check uses the same fields as the API.
    const data = (parsed.success ? parsed.data : {}) as {
      username?: string;
      companyName?: string;
      companyVat?: string;
    };
    const taken = parsed.success ? await takenFields(context.db, data) : {};
    const fieldErrors = { ...errors, ...taken };
    if (Object.keys(fieldErrors).length > 0) return { kind: "step", step, values, fieldErrors };
    return { kind: "step", step: 3, values };
  }

  // The last step submits everything: every rule is checked again on the server.
  const passwordHash = await signupPasswordHash(context.db, draft);
  if (!passwordHash) {
    const { [SIGNUP_DRAFT_FIELD]: _gone, ...rest } = values;
    return { kind: "step", step: 1, values: rest, fieldErrors: { password: SIGNUP_DRAFT_EXPIRED } };
  }
  const parsed = registerWizardSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return { kind: "step", step: firstStepWithError(fieldErrors), values, fieldErrors };
  }
  const passed = await verifyBotCheck(context, {
    recaptchaToken: form.get("recaptchaToken")?.toString(),
    notRobot: form.get("notRobot")?.toString(),
    website: form.get("website")?.toString(),
    fromForm: true,
  });
  if (!passed)
    return {
      kind: "step",
      step: 3,
      values,
      fieldErrors: { recaptchaToken: botCheckMessage(context, MESSAGES.botCheck) },
    };
  try {
    const user = await createAccount(context.db, parsed.data, {
      passwordHash,
      within: (trx) => endSignupDraft(trx, draft),
    });
    return { kind: "done", userId: user.userId, email: user.email, firstName: user.firstName };
  } catch (error) {
    if (error instanceof AppError && error.fields) {
      return {
        kind: "step",
        step: firstStepWithError(error.fields),
        values,
        fieldErrors: error.fields,
      };
    }
    throw error;
  }
}

/**
 * Step 1: the e-mail and the password. The password is hashed into a signup draft (a new one,
 * or the person's draft with its password replaced); with a draft alive the password fields may
 * be left empty to keep the password typed before.
 */
async function passwordStep(
  context: AppLoadContext,
  values: WizardValues,
  draft: string,
): Promise<WizardAnswer> {
  const typed = Boolean(values.password || values.confirmPassword);
  const keep = draft !== "" && !typed;
  const kept = keep && (await touchSignupDraft(context.db, draft));
  const parsed = (keep ? registerStep1AgainSchema : registerStep1Schema).safeParse(values);
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (keep && !kept) errors.password = SIGNUP_DRAFT_EXPIRED;
  const taken = parsed.success
    ? await takenFields(context.db, { username: parsed.data.username })
    : {};
  const fieldErrors = { ...errors, ...taken };
  if (Object.keys(fieldErrors).length > 0) return { kind: "step", step: 1, values, fieldErrors };
  const token = kept
    ? draft
    : await saveSignupPassword(context.db, values.password ?? "", draft || null);
  return { kind: "step", step: 2, values: { ...values, [SIGNUP_DRAFT_FIELD]: token } };
}

/**
 * «Провери» on the company step: BG plus the EIK asked of VIES (per-address limit); a valid
 * number fills the name and address (Cyrillic ones in the Bulgarian fields, Latin ones in the
 * English fields of step 3) and the person stays on the step with the status line.
 */
async function checkCompanyInVies(
  context: AppLoadContext,
  step: WizardStep,
  values: WizardValues,
): Promise<WizardAnswer> {
  const eik = (values.companyVat ?? "").trim();
  if (step !== 2 || !/^\d{9,10}$/.test(eik)) {
    // Said under the button, not as a refused step (no «Регистрацията не беше успешна» toast).
    const status = { tone: "error" as const, text: VIES_MESSAGES.eik };
    return { kind: "step", step, values, vies: { status, filled: {}, httpStatus: 400 } };
  }
  try {
    const answer = await lookupVat(context, `address:${context.clientIp}`, `BG${eik}`);
    const { values: filled, status } = registrationFill(answer);
    return {
      kind: "step",
      step,
      values: { ...values, ...filled },
      vies: { status, filled, httpStatus: 200 },
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      kind: "step",
      step,
      values,
      vies: {
        status: { tone: "error", text: error.message },
        filled: {},
        httpStatus: error.status,
      },
    };
  }
}
