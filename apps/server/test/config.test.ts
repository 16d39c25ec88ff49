import { describe, expect, it } from 'vitest';
import { DEFAULT_TALLY_LEDGERS } from '@bazaar/shared';
import { ConfigError, loadConfig, loadTallyConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('fills defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DEMO_DATA: 'auto',
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/[/\\]data$/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('stops with a message naming every invalid variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', NODE_ENV: 'prod', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT="eighty"');
      expect(message).toContain('NODE_ENV="prod"');
      expect(message).toContain('DATABASE_URL=(hidden): must start with postgres://');
    }
  });

  it('accepts only plain digits for numbers', () => {
    for (const port of ['0x50', '1e2', ' ', '80.5', '-1']) {
      expect(() => loadConfig({ PORT: port }), port).toThrow(/PORT=.*must be/);
    }
    expect(loadConfig({ PORT: '8080' }).PORT).toBe(8080);
  });

  it('never echoes a database URL, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgress://u:hunter2@db/x' })).toThrow(
      /^(?![\s\S]*hunter2)/,
    );
  });

  it('reads object storage only as a whole: bucket with region, keys in pairs', () => {
    const config = loadConfig({
      S3_BUCKET: 'bazaar-images',
      S3_REGION: 'ap-south-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toMatchObject({ S3_BUCKET: 'bazaar-images', S3_FORCE_PATH_STYLE: true });
    expect(loadConfig({}).S3_FORCE_PATH_STYLE).toBe(false);
    expect(() => loadConfig({ S3_BUCKET: 'bazaar-images' })).toThrow(
      'S3_REGION="": is required with S3_BUCKET',
    );
    expect(() => loadConfig({ S3_REGION: 'ap-south-1' })).toThrow(
      'S3_REGION="ap-south-1": needs S3_BUCKET',
    );
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket', S3_REGION: 'ap-south-1' })).toThrow(
      'S3_BUCKET="Bad_Bucket"',
    );
    let message = '';
    try {
      loadConfig({ S3_BUCKET: 'bazaar-images', S3_REGION: 'x', S3_SECRET_ACCESS_KEY: 'hunter22' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('S3_ACCESS_KEY_ID="": must be set together with the other S3 key');
    expect(message).not.toContain('hunter22');
  });

  it('trusts no proxy unless told', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }).TRUST_PROXY).toBe('10.0.0.1,10.0.0.2');
  });
});

describe('loadTallyConfig (docs/back-office-reports.md "Tally")', () => {
  it('takes the default ledgers and the business name when nothing is set', () => {
    expect(loadTallyConfig({ BUSINESS_NAME: 'Sinha Textiles' })).toEqual({
      company: 'Sinha Textiles',
      ledgers: DEFAULT_TALLY_LEDGERS,
    });
  });

  it('overrides any subset of the ledger names from TALLY_LEDGERS', () => {
    const config = loadTallyConfig({
      TALLY_COMPANY: 'Sinha Textiles (2026-27)',
      TALLY_LEDGERS: '{"cash":"Cash in Hand","sales":"Sales @ {rate}%"}',
    });
    expect(config.company).toBe('Sinha Textiles (2026-27)');
    expect(config.ledgers).toEqual({
      ...DEFAULT_TALLY_LEDGERS,
      cash: 'Cash in Hand',
      sales: 'Sales @ {rate}%',
    });
  });

  it('refuses a TALLY_LEDGERS that is not JSON, names an unknown ledger or an empty name', () => {
    for (const value of ['cash=Cash', '{"petty":"Petty Cash"}', '{"cash":""}']) {
      expect(() => loadTallyConfig({ TALLY_LEDGERS: value }), value).toThrow(ConfigError);
    }
    // The same check stops start-up.
    expect(() => loadConfig({ TALLY_LEDGERS: '{"petty":"x"}' })).toThrow(ConfigError);
  });
});
