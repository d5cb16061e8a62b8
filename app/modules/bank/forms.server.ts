/*
 * What the bank's actions need of the schemas and the CSV mapping check, through a `.server`
 * module: a route's action-only imports then stay out of the browser's bundle (zod, csv-parse).
 */
export { csvMappingProblem } from "./csv";
export {
  accountSchema,
  accountSettingsSchema,
  documentNumbersOf,
  matchSchema,
  ruleSchema,
} from "./schema";
