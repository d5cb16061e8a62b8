/* The form's schema for actions only: the page's browser chunk never loads zod (conventions). */
export {
  SOLE_TRADER_FIELDS,
  soleTraderYearSchema,
  TAX_YEAR_FIELDS,
  taxYearSchema,
} from "./schema";
