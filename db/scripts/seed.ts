import { loadEnv } from "~/utils/env.server";
import { openDatabase } from "../client";
import { migrateToLatest } from "../migrate";
import { DEMO_ACCOUNTS, seedDemo } from "../seed";

// `npm run db:seed`: the demo logins, on any database (existing accounts are left alone).
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrateToLatest(database.db);
  const created = await seedDemo(database.db);
  console.log(
    created.length ? `Created: ${created.join(", ")}` : "The demo accounts already exist",
  );
  console.log(
    `Demo logins: customer ${DEMO_ACCOUNTS.customer.email} / ${DEMO_ACCOUNTS.customer.password}, admin ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`,
  );
} finally {
  await database.close();
}
