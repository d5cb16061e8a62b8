import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** A timestamp column: read as Date, written as Date or ISO string, defaulted by SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  nameEn: string | null;
  companyType: "company" | "freelancer";
  eik: string;
  isVatRegistered: Generated<boolean>;
  vatNumber: string | null;
  address: string;
  addressEn: string | null;
  city: string;
  cityEn: string | null;
  postalCode: string;
  countryCode: Generated<string>;
  email: string;
  phone: Generated<string>;
  bankIban: string | null;
  bankName: string | null;
  bankNameEn: string | null;
  bankBic: string | null;
  useEnglishInvoices: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type UserRole = "user" | "admin";

export interface UsersTable {
  id: Generated<string>;
  companyId: string | null;
  email: string;
  passwordHash: string;
  role: Generated<UserRole>;
  firstName: string;
  lastName: string;
  emailVerifiedAt: Date | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The database as Kysely sees it (camelCase through CamelCasePlugin). */
export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
}

export type Company = Selectable<CompaniesTable>;
export type NewCompany = Insertable<CompaniesTable>;
export type CompanyUpdate = Updateable<CompaniesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
