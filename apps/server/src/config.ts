import path from 'node:path';
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
]);

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
