import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_SECONDS } from '@bazaar/shared';
import type { Db } from '../db/client.js';
import { captchas } from '../db/schema/index.js';

/** Capital letters and digits without look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const CAPTCHA_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';

/** svg-captcha's module is callable (text, options) -> SVG; its type declarations omit that. */
const renderCaptcha = svgCaptcha as unknown as (
  text: string,
  options: { noise: number; color: boolean; width: number; height: number; fontSize: number },
) => string;

/** A random answer from a cryptographic source (svg-captcha's own uses Math.random). */
function randomAnswer(): string {
  let answer = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i += 1) {
    answer += CAPTCHA_ALPHABET.charAt(randomInt(CAPTCHA_ALPHABET.length));
  }
  return answer;
}

/** A captcha to show: its id and the SVG image as a data URL. */
export interface IssuedCaptcha {
  captchaId: string;
  image: string;
  expiresInSeconds: number;
}

export interface CaptchaService {
  /** Creates a captcha whose answer is kept server-side for CAPTCHA_TTL_SECONDS (5 minutes). */
  issue(): Promise<IssuedCaptcha>;
  /**
   * True when `code` answers the captcha `captchaId` (case-insensitive, surrounding spaces
   * ignored) and it has not expired. The captcha is used up either way: single use.
   */
  verify(captchaId: string, code: string): Promise<boolean>;
}

/**
 * Server-generated image captchas (docs/platform.md "Captcha": 7 characters without
 * look-alikes). With `testCode` (CAPTCHA_TEST_CODE, never in production) every answer is
 * that code, so automated tests can sign in.
 */
export function createCaptchaService(
  db: Db,
  options: { testCode?: string | undefined } = {},
): CaptchaService {
  return {
    async issue() {
      const answer = options.testCode ?? randomAnswer();
      const svg = renderCaptcha(answer, {
        noise: 2,
        color: true,
        width: 180,
        height: 56,
        fontSize: 52,
      });
      const captchaId = randomUUID();
      const now = Date.now();
      // Expired rows are swept as new ones are issued, so the table stays small.
      await db.delete(captchas).where(lt(captchas.expiresAt, new Date(now)));
      await db.insert(captchas).values({
        id: captchaId,
        answer,
        expiresAt: new Date(now + CAPTCHA_TTL_SECONDS * 1000),
      });
      return {
        captchaId,
        image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        expiresInSeconds: CAPTCHA_TTL_SECONDS,
      };
    },
    async verify(captchaId, code) {
      const [row] = await db
        .delete(captchas)
        .where(and(eq(captchas.id, captchaId), gt(captchas.expiresAt, new Date())))
        .returning({ answer: captchas.answer });
      if (!row) {
        await db.delete(captchas).where(eq(captchas.id, captchaId));
        return false;
      }
      return row.answer === code.trim().toUpperCase();
    },
  };
}
