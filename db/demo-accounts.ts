/** The demo logins, printed on start of the embedded default and listed in the README. */
export const DEMO_ACCOUNTS = {
  customer: { email: "demo@smetka.bg", password: "Demo1234!" },
  admin: { email: "admin@smetka.bg", password: "Admin1234!" },
} as const;
