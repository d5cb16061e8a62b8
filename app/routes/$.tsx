import { GeneralErrorBoundary } from "~/components/error-boundary";

// Any path no other route claims: 404 with the 'Page Not Found' page.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function action() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

export const meta = () => [{ title: "Страницата не е намерена (Page Not Found) | Сметка" }];
