import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { shops } from './shops.js';

/**
 * Every person who signs in, whatever the role (one identity model, six roles: docs/accounts.md).
 * The first block of columns is better-auth's `user` model; the rest are ours and are declared
 * to better-auth as additional fields (platform/auth.ts), so the library never writes them from
 * the client. `shopId` is the seller's own shop or the support admin's employer; null for the
 * other roles and for a seller who has not submitted shop details yet.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    role: varchar('role', { length: 16 }).notNull(),
    mobile: varchar('mobile', { length: 10 }),
    gender: varchar('gender', { length: 12 }),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'restrict' }),
    /** Support admin's and employee's date of birth. */
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** 12-digit Aadhaar number (support admins, employees), Verhoeff-checked. */
    aadhaarNumber: varchar('aadhaar_number', { length: 12 }),
    /**
     * Job title within the role: an employee's Karigar/Sales Man/Agent/Helper, a support admin's
     * title.
     */
    jobTitle: varchar('job_title', { length: 40 }),
    /** Set when the account is disabled; a disabled account cannot sign in. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** better-auth two-factor plugin (docs/accounts.md): TOTP is on for this account. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** A customer's choice to be mailed about their orders (docs/notifications.md); on by default. */
    orderMails: boolean('order_mails').notNull().default(true),
  },
  (table) => [
    check(
      'users_role_known',
      sql`${table.role} in ('customer', 'seller', 'support_admin', 'admin', 'employee', 'delivery')`,
    ),
    check(
      'users_mobile_format',
      sql`${table.mobile} is null or ${table.mobile} ~ '^[6-9][0-9]{9}$'`,
    ),
    check(
      'users_aadhaar_format',
      sql`${table.aadhaarNumber} is null or ${table.aadhaarNumber} ~ '^[2-9][0-9]{11}$'`,
    ),
    uniqueIndex('users_mobile_unique').on(table.mobile),
    index('users_shop_idx').on(table.shopId),
  ],
);

/** better-auth's `session` model: one row per signed-in browser; the cookie holds the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** better-auth's `account` model: the credential (password hash) of a user. */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_accounts_user_idx').on(table.userId)],
);

/**
 * better-auth two-factor plugin's `twoFactor` model (docs/accounts.md): the account's TOTP secret
 * and recovery codes, both encrypted by the library with the auth secret. One row per user.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('two_factors_user_uq').on(table.userId),
    index('two_factors_secret_idx').on(table.secret),
  ],
);

/** better-auth's `verification` model: email-verification and password-reset tokens. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/**
 * Postal addresses of a user (docs/accounts.md): the registration
 * address becomes the default delivery address. State Bihar, country India.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locality: varchar('locality', { length: 160 }).notNull(),
    landmark: varchar('landmark', { length: 160 }).notNull().default(''),
    city: varchar('city', { length: 80 }).notNull(),
    state: varchar('state', { length: 40 }).notNull().default('Bihar'),
    pincode: varchar('pincode', { length: 6 }).notNull(),
    country: varchar('country', { length: 40 }).notNull().default('India'),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * Who receives deliveries here (docs/shopping.md); null on the registration address: the
     * account's name.
     */
    recipientName: varchar('recipient_name', { length: 80 }),
    /** The recipient's mobile; null on the registration address: the account's mobile. */
    mobile: varchar('mobile', { length: 10 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('addresses_pincode_format', sql`${table.pincode} ~ '^[1-9][0-9]{5}$'`),
    index('addresses_user_idx').on(table.userId),
  ],
);

/**
 * Captcha answers (docs/platform.md): kept server-side, single use, 5 minutes. The image is
 * generated from `answer` and never stored.
 */
export const captchas = pgTable(
  'captchas',
  {
    id: text('id').primaryKey(),
    answer: varchar('answer', { length: 16 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('captchas_expires_idx').on(table.expiresAt)],
);

/**
 * One-time codes sent by email (seller registration, password reset by code). Only a SHA-256
 * of the code is stored; `attempts` counts wrong guesses, `sentAt` drives the resend cool-down.
 */
export const emailOtps = pgTable(
  'email_otps',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    purpose: varchar('purpose', { length: 24 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('email_otps_email_idx').on(table.email, table.purpose)],
);

/**
 * Failed sign-ins per identifier (email or mobile as typed, lower-cased), whether or not an
 * account has it, so lock-out reveals nothing about which accounts exist (docs/accounts.md).
 */
export const loginFailures = pgTable('login_failures', {
  identifier: varchar('identifier', { length: 254 }).primaryKey(),
  failures: smallint('failures').notNull().default(0),
  firstFailedAt: timestamp('first_failed_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Mail waiting to be sent or kept for development (docs/platform.md "Mail": without
 * `SMTP_URL`, messages go here and to the log). `sentAt` is set once the SMTP server accepted it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    textBody: text('text_body').notNull(),
    /** The HTML part, when the message has one (notifications); removed after sending too. */
    htmlBody: text('html_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * The instance handing this row to the mail server holds it until then (a lease): no other
     * instance's retry picks it up meanwhile, so N instances send each message once
     * (docs/deploy.md). Null when nobody holds it; a lease left by a crashed instance simply runs
     * out.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (table) => [
    index('outbox_unsent_idx')
      .on(table.createdAt)
      .where(sql`${table.sentAt} is null`),
  ],
);
