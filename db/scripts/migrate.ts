import { loadEnv } from "~/utils/env.server";
import { openDatabase } from "../client";
import { migrateToLatest } from "../migrate";

// `npm run db:migrate`: bring the configured database up to date and exit.
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Already up to date");
} finally {
  await database.close();
}
