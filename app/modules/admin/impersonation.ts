/** What the customer's view says, shared by the server and the pages (no .server: views read it). */
export const IMPERSONATION_MESSAGES = {
  notCustomer: "Този потребител не може да бъде разгледан като клиент",
  badLink: "Връзката за достъп е невалидна, вече е използвана или е изтекла",
  forbidden:
    "Това действие не е позволено в клиентски изглед: паролата, имейлът, изтриването на профила и плащанията се променят само от самия клиент.",
} as const;
