import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { PublicLayout } from "~/components/layout/public-layout";
import { ButtonLink } from "~/components/ui/button";
import * as styles from "./error-boundary.css";

const MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: "Невалидна заявка", text: "Заявката не може да бъде обработена." },
  401: { title: "Необходим е вход", text: "Влезте в профила си, за да продължите." },
  403: { title: "Достъп отказан", text: "Нямате достъп до този раздел." },
  405: { title: "Неподдържано действие", text: "Това действие не се поддържа на тази страница." },
  413: {
    title: "Заявката е твърде голяма",
    text: "Изпратете по-малко данни или по-малък файл.",
  },
  503: {
    title: "Услугата е временно недостъпна",
    text: "Връзката с базата данни е прекъсната. Опитайте отново след малко.",
  },
};

const UNEXPECTED = {
  title: "Възникна неочаквана грешка",
  text: "Опитайте отново след малко. Ако проблемът продължава, свържете се с поддръжката.",
};

/**
 * The page shown for errors: «Страницата не е намерена» with the spec's 'Page Not Found' under it
 * for 404, a Bulgarian message otherwise; never a stack trace.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <PublicLayout>
      <ErrorMessage status={status} />
    </PublicLayout>
  );
}

/** The error's message box alone, for a boundary inside the signed-in shell. */
export function ErrorMessage({ status }: { status: number }) {
  if (status === 404) {
    return (
      <section className={styles.box} aria-labelledby="error-title">
        <p className={styles.code}>404</p>
        {/* Bulgarian first (issue #41 item 13); the spec's English words follow it. */}
        <h1 id="error-title">Страницата не е намерена</h1>
        <p className={styles.translation} lang="en">
          Page Not Found
        </p>
        <p>Страницата, която търсите, не съществува или е преместена.</p>
        <ButtonLink to="/">Към началната страница</ButtonLink>
      </section>
    );
  }
  const message = MESSAGES[status] ?? UNEXPECTED;
  return (
    <section className={styles.box} aria-labelledby="error-title">
      <p className={styles.code}>{status}</p>
      <h1 id="error-title">{message.title}</h1>
      <p>{message.text}</p>
      <ButtonLink to="/">Към началната страница</ButtonLink>
    </section>
  );
}
