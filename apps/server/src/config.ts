import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every environment variable the server reads (the README's configuration table mirrors this).
 * Unset values take the defaults; a bad value stops start-up with a message naming it.
 */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PG_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  DEMO_DATA: z
    .enum(['auto', 'off'])
    .default('auto')
    .describe('auto: load the demo data set when the database has none; off: never'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  CATALOG_SUMMARY_TTL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(30_000)
    .describe('How long a search result total and price bounds are reused; 0 turns it off'),
  WEB_DIST_DIR: z.string().min(1).optional(),
});

export type ConfigInput = z.input<typeof ConfigSchema>;

/** The validated configuration, with DATA_DIR resolved to an absolute path. */
export type Config = z.output<typeof ConfigSchema> & { dataDir: string };

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
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join('.')}=${JSON.stringify(picked[String(issue.path[0])] ?? '')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
