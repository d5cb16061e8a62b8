import { CUSTOMER_VIEW_READ_ONLY } from "~/modules/auth/capabilities";

/** What the customer's view says, shared by the server and the pages (no .server: views read it). */
export const IMPERSONATION_MESSAGES = {
  notCustomer: "Този потребител не може да бъде разгледан като клиент",
  badLink: "Връзката за достъп е невалидна, вече е използвана или е изтекла",
  forbidden: CUSTOMER_VIEW_READ_ONLY,
} as const;
