import path from 'node:path';
import {
  BUSINESS_DOCUMENT_PREFIXES,
  BUSINESS_RECEIPT_PREFIX,
  DEFAULT_TALLY_LEDGERS,
  DOCUMENT_PREFIX_PATTERN,
  GSTIN_PATTERN,
  SELLER_OF_RECORD,
  UNPAID_ORDER_RELEASE_MINUTES,
  type IssuedDocumentKind,
  type SellerOfRecord,
  TallyLedgersSchema,
  UPI_VPA_PATTERN,
  type UpiPayee,
  type TallyLedgers,
} from '@bazaar/shared';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A whole number written in plain digits ('0x50', '1e2' and ' ' are refused). */
function wholeNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

/** Variables whose values are never echoed in error messages (they may hold passwords). */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'AUTH_SECRET',
  'SMTP_URL',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'S3_SECRET_ACCESS_KEY',
]);

/**
 * The seller of record on wholesale tax invoices and the series prefixes of its documents
 * (docs/gst.md "Numbers"). All optional: unset values take SELLER_OF_RECORD and
 * BUSINESS_DOCUMENT_PREFIXES of `@bazaar/shared`. Read with `loadBusinessConfig`; also part of
 * ConfigSchema so a bad value stops start-up. HSN comes from each stock row's HSN class, not from
 * here.
 */
const documentPrefix = z
  .string()
  .regex(DOCUMENT_PREFIX_PATTERN, 'must be 1-4 capital letters or digits');
export const BusinessConfigShape = {
  BUSINESS_NAME: z.string().min(2).max(120).optional(),
  BUSINESS_ADDRESS: z.string().min(3).max(200).optional(),
  BUSINESS_CITY: z.string().min(2).max(80).optional(),
  BUSINESS_PINCODE: z
    .string()
    .regex(/^[1-9][0-9]{5}$/, 'must be a 6-digit pincode')
    .optional(),
  BUSINESS_MOBILE: z
    .string()
    .regex(/^[6-9][0-9]{9}$/, 'must be a 10-digit mobile')
    .optional(),
  BUSINESS_GSTIN: z.string().regex(GSTIN_PATTERN, 'must be a 15-character GSTIN').optional(),
  BUSINESS_STATE: z.string().min(2).max(40).optional(),
  BUSINESS_STATE_CODE: z
    .string()
    .regex(/^\d{2}$/, 'must be a 2-digit GST state code')
    .optional(),
  /** Series prefix of the business's tax invoices (default 'BZ'). */
  INVOICE_PREFIX: documentPrefix.optional(),
  /** Series prefix of its bills of supply (default 'BS'). */
  BILL_OF_SUPPLY_PREFIX: documentPrefix.optional(),
  /** Series prefix of its credit notes (default 'CN'). */
  CREDIT_NOTE_PREFIX: documentPrefix.optional(),
  /** Series prefix of its payment receipts (default 'RC'). */
  RECEIPT_PREFIX: documentPrefix.optional(),
  /**
   * The business's UPI id (VPA) for the pay QR of invoices and statements (docs/documents.md
   * "UPI QR"); unset: no QR is printed.
   */
  UPI_VPA: z.string().regex(UPI_VPA_PATTERN, 'must be a UPI id like shopname@okaxis').optional(),
  /** The payee name a UPI app shows (default BUSINESS_NAME or the seller of record's). */
  UPI_PAYEE_NAME: z.string().min(2).max(99).optional(),
};

/**
 * The seller of record (BUSINESS_*) and the series prefix of each kind of document it issues
 * (INVOICE_PREFIX, BILL_OF_SUPPLY_PREFIX, CREDIT_NOTE_PREFIX) and of its payment receipts
 * (RECEIPT_PREFIX); defaults from @bazaar/shared.
 */
export interface BusinessConfig {
  seller: SellerOfRecord;
  prefixes: Record<IssuedDocumentKind, string>;
  receiptPrefix: string;
  /** Whom the pay QR of invoices and statements pays (UPI_VPA, UPI_PAYEE_NAME); null: no QR. */
  upi: UpiPayee | null;
}

/**
 * Reads BUSINESS_* and the document prefixes from an environment object (normally `process.env`); empty
 * strings count as unset.
 * @throws ConfigError naming an invalid variable.
 */
export function loadBusinessConfig(
  env: Record<string, string | undefined> = process.env,
): BusinessConfig {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(BusinessConfigShape)) {
    const value = env[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  const parsed = z.object(BusinessConfigShape).safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${String(issue.path[0])}=${JSON.stringify(picked[String(issue.path[0])] ?? '')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  return {
    seller: {
      name: value.BUSINESS_NAME ?? SELLER_OF_RECORD.name,
      address: value.BUSINESS_ADDRESS ?? SELLER_OF_RECORD.address,
      city: value.BUSINESS_CITY ?? SELLER_OF_RECORD.city,
      pincode: value.BUSINESS_PINCODE ?? SELLER_OF_RECORD.pincode,
      mobile: value.BUSINESS_MOBILE ?? SELLER_OF_RECORD.mobile,
      gstin: value.BUSINESS_GSTIN ?? SELLER_OF_RECORD.gstin,
      state: value.BUSINESS_STATE ?? SELLER_OF_RECORD.state,
      stateCode: value.BUSINESS_STATE_CODE ?? SELLER_OF_RECORD.stateCode,
    },
    prefixes: {
      tax_invoice: value.INVOICE_PREFIX ?? BUSINESS_DOCUMENT_PREFIXES.tax_invoice,
      bill_of_supply: value.BILL_OF_SUPPLY_PREFIX ?? BUSINESS_DOCUMENT_PREFIXES.bill_of_supply,
      credit_note: value.CREDIT_NOTE_PREFIX ?? BUSINESS_DOCUMENT_PREFIXES.credit_note,
    },
    receiptPrefix: value.RECEIPT_PREFIX ?? BUSINESS_RECEIPT_PREFIX,
    upi: value.UPI_VPA
      ? {
          vpa: value.UPI_VPA,
          payeeName: value.UPI_PAYEE_NAME ?? value.BUSINESS_NAME ?? SELLER_OF_RECORD.name,
        }
      : null,
  };
}

/**
 * The Tally import file's company and ledger names (docs/back-office-reports.md "Tally"):
 * TALLY_COMPANY (default: BUSINESS_NAME or the seller of record's name) and TALLY_LEDGERS, a JSON
 * object overriding any of DEFAULT_TALLY_LEDGERS' names, e.g. `{"cash":"Cash in Hand"}`. Part of
 * ConfigSchema so a bad value stops start-up; read with `loadTallyConfig`.
 */
export const TallyConfigShape = {
  TALLY_COMPANY: z.string().min(1).max(120).optional(),
  TALLY_LEDGERS: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be a JSON object of ledger names' });
        return z.NEVER;
      }
    })
    .pipe(TallyLedgersSchema.partial().strict())
    .optional(),
};

/** The company Tally imports into and the ledger names of the vouchers. */
export interface TallyConfig {
  company: string;
  ledgers: TallyLedgers;
}

/**
 * Reads TALLY_COMPANY and TALLY_LEDGERS (empty strings count as unset).
 * @throws ConfigError naming an invalid variable.
 */
export function loadTallyConfig(
  env: Record<string, string | undefined> = process.env,
): TallyConfig {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(TallyConfigShape)) {
    const value = env[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  const parsed = z.object(TallyConfigShape).safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${String(issue.path[0])}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    company: parsed.data.TALLY_COMPANY ?? loadBusinessConfig(env).seller.name,
    ledgers: { ...DEFAULT_TALLY_LEDGERS, ...parsed.data.TALLY_LEDGERS },
  };
}

/**
 * Every environment variable the server reads (the README's configuration table mirrors this).
 * Unset values take the defaults; a bad value stops start-up with a message naming it.
 */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: wholeNumber(0, 65_535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    PG_POOL_MAX: wholeNumber(1, 200).default(10),
    PG_READ_POOL_MAX: wholeNumber(0, 200)
      .default(5)
      .describe(
        "Connections of the catalog's read-only pool on PostgreSQL; 0 reads through the main pool",
      ),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    DEMO_DATA: z
      .enum(['auto', 'off'])
      .default('auto')
      .describe('auto: load the demo data set when the database has none; off: never'),
    SHUTDOWN_TIMEOUT_MS: wholeNumber(100, 120_000).default(10_000),
    CATALOG_SUMMARY_TTL_MS: wholeNumber(0, 3_600_000)
      .default(30_000)
      .describe('How long a search result total and price bounds are reused; 0 turns it off'),
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|[0-9a-f.:/, ]+)$/i, 'must be true, false or proxy addresses (a,b,c)')
      .default('false')
      .transform((value) => (value === 'true' ? true : value === 'false' ? false : value))
      .describe('Whose X-Forwarded-* headers to believe: false, true (any) or proxy addresses'),
    WEB_DIST_DIR: z.string().min(1).optional(),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .optional()
      .describe('The site origin used in emailed links; default http://localhost:PORT'),
    AUTH_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .describe('Signs session cookies; unset: a random secret kept in the database'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional()
      .describe('Mail server; unset: mail is kept in the outbox table and logged'),
    MAIL_FROM: z.string().min(3).default('Bazaar <no-reply@bazaar.local>'),
    CAPTCHA_TEST_CODE: z
      .string()
      .regex(/^[A-Z0-9]{7}$/, 'must be 7 capital letters or digits')
      .optional()
      .describe('Every captcha answer becomes this code (automated tests; refused in production)'),
    AUTH_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 100_000)
      .default(30)
      .describe('Sign-in, registration and OTP requests per minute from one address'),
    RAZORPAY_KEY_ID: z
      .string()
      .regex(/^[A-Za-z0-9_]{1,64}$/, 'must be a Razorpay key id such as rzp_test_...')
      .optional()
      .describe('Razorpay key id; online payment is offered only with the key secret too'),
    RAZORPAY_KEY_SECRET: z
      .string()
      .min(1)
      .optional()
      .describe('Razorpay key secret: creates orders and checks payment signatures'),
    RAZORPAY_WEBHOOK_SECRET: z
      .string()
      .min(1)
      .optional()
      .describe('Checks X-Razorpay-Signature of webhooks; unset: every webhook is refused'),
    RAZORPAY_API_BASE: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .optional()
      .describe('A local test double of the Razorpay API (tests; refused in production)'),
    SHARE_LINK_DAYS: wholeNumber(1, 90)
      .default(7)
      .describe('Days a shared invoice or statement link (WhatsApp, mail) stays valid'),
    ONLINE_PAYMENT_HOLD_MINUTES: wholeNumber(5, 60)
      .default(UNPAID_ORDER_RELEASE_MINUTES)
      .describe(
        'Minutes an unpaid online order holds its stock before it is released (Razorpay checkout)',
      ),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 a-z 0-9 . -)')
      .optional()
      .describe('Images and id proofs in this S3-compatible bucket; unset: under DATA_DIR'),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{2,40}$/, 'must be a region such as ap-south-1')
      .optional()
      .describe('The bucket region (required with S3_BUCKET; "auto" for R2)'),
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .optional()
      .describe('An S3-compatible endpoint (MinIO, R2, Spaces...); unset: AWS S3'),
    S3_ACCESS_KEY_ID: z
      .string()
      .min(1)
      .optional()
      .describe('Object storage key id; unset with the secret: the SDK default chain (IAM role)'),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional().describe('Object storage secret key'),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true')
      .describe('true: endpoint/bucket/key addresses (MinIO and most self-hosted stores)'),
    S3_PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .optional()
      .describe(
        'Public address of the bucket (CDN) for image links; unset: the app streams /media/',
      ),
    ...BusinessConfigShape,
    ...TallyConfigShape,
  })
  .superRefine((config, context) => {
    if (config.NODE_ENV === 'production' && config.CAPTCHA_TEST_CODE) {
      context.addIssue({
        code: 'custom',
        path: ['CAPTCHA_TEST_CODE'],
        message: 'is not allowed when NODE_ENV=production',
      });
    }
    if (config.NODE_ENV === 'production' && config.RAZORPAY_API_BASE) {
      context.addIssue({
        code: 'custom',
        path: ['RAZORPAY_API_BASE'],
        message: 'is not allowed when NODE_ENV=production',
      });
    }
    // Object storage: a bucket needs its region, and keys come in pairs.
    if (config.S3_BUCKET && !config.S3_REGION) {
      context.addIssue({
        code: 'custom',
        path: ['S3_REGION'],
        message: 'is required with S3_BUCKET',
      });
    }
    if (!config.S3_BUCKET) {
      for (const name of [
        'S3_REGION',
        'S3_ENDPOINT',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_PUBLIC_URL',
      ] as const) {
        if (config[name]) {
          context.addIssue({ code: 'custom', path: [name], message: 'needs S3_BUCKET' });
        }
      }
    }
    if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
      const missing = config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set together with the other S3 key',
      });
    }
    // One key without the other would offer a payment method that cannot work.
    if (Boolean(config.RAZORPAY_KEY_ID) !== Boolean(config.RAZORPAY_KEY_SECRET)) {
      const missing = config.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID';
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set together with the other Razorpay key',
      });
    }
  });

export type ConfigInput = z.input<typeof ConfigSchema>;

/** The validated configuration, with DATA_DIR resolved to an absolute path and its folders. */
export type Config = z.output<typeof ConfigSchema> & {
  dataDir: string;
  /** The embedded database's folder, `DATA_DIR/pglite`. */
  pgliteDir: string;
  /** Uploaded and generated files, `DATA_DIR/uploads`. */
  uploadsDir: string;
};

/** The error thrown when the environment is invalid; main.ts prints it and exits 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates configuration from an environment object (normally `process.env`).
 * Empty strings count as unset.
 * @throws ConfigError listing every invalid variable and why.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const keys = Object.keys(ConfigSchema.shape) as (keyof typeof ConfigSchema.shape)[];
  const picked: Record<string, string> = {};
  for (const key of keys) {
    const value = env[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  const parsed = ConfigSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const shown = SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(picked[name] ?? '');
      return `  ${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    uploadsDir: path.join(dataDir, 'uploads'),
  };
}
