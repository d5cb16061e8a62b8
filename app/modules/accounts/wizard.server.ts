import type { AppLoadContext } from "@remix-run/node";
import { botCheckMessage, verifyBotCheck } from "~/modules/auth/bot-check.server";
import { withBankFilled } from "~/modules/reference/banks.server";
import { registrationFill, VIES_MESSAGES, type ViesStatus } from "~/modules/reference/vies";
import { lookupVat } from "~/modules/reference/vies.server";
import { AppError } from "~/utils/http.server";
import { fieldErrorsOf } from "~/utils/schema";
import {
  MESSAGES,
  REGISTER_STEPS,
  registerSchema,
  registerStep1Schema,
  registerStep2Schema,
} from "./schema";
import { registerAccount, takenFields } from "./service.server";

// The registration wizard on the server: each step is posted, validated and answered with the
// next step carrying earlier answers (hidden fields), so it completes with JavaScript off.

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
  const step = Number(form.get("step")) as WizardStep;
  // Sent without JavaScript, empty bank name and BIC are filled from a Bulgarian IBAN.
  const values = await withBankFilled(context.db, wizardValues(form));
  if (form.get("direction") === "back")
    return { kind: "step", step: Math.max(1, step - 1) as WizardStep, values };
  if (form.get("direction") === "vies") return checkCompanyInVies(context, step, values);

  if (step === 1 || step === 2) {
    const schema = step === 1 ? registerStep1Schema : registerStep2Schema;
    const parsed = schema.safeParse(values);
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
    return { kind: "step", step: (step + 1) as WizardStep, values };
  }

  // The last step submits everything: every rule is checked again on the server.
  const parsed = registerSchema.safeParse(values);
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
    const user = await registerAccount(context.db, parsed.data);
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
