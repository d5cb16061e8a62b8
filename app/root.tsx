import { cssBundleHref } from "@remix-run/css-bundle";
import {
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/ui/toaster";
import { useNonce } from "~/utils/nonce-provider";
import { readToast } from "~/utils/toast.server";
import "~/styles/global.css";

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, clear } = await readToast(request);
  return json({ toast }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  {
    rel: "preload",
    href: "/fonts/noto-sans-cyrillic-400-normal.woff2",
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous",
  },
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
];

export const meta: MetaFunction = ({ error }) => [
  { title: error ? "Грешка | Сметка" : "Сметка — фактуриране и счетоводство" },
  {
    name: "description",
    content: "Фактури, клиенти, разходи и заплати за български фирми, свободни професии и НПО.",
  },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="bg">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#184136" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <Toaster initial={toast}>
      <Outlet />
    </Toaster>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
