import { createHash } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  type AddressSchema,
  type CustomerRegistrationSchema,
  isTwoFactorRole,
  type Role,
  ROLE_AREAS,
  type SellerRegistrationSchema,
  type SessionUser,
  type ShopDetailsSubmissionSchema,
  type TwoFactorLoginSchema,
} from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, hashPassword } from '../../platform/auth.js';
import type { AuthUser, EmployeeGrantsResolver } from '../../platform/access.js';
import type { CaptchaService } from '../../platform/captcha.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { detectImageType, processImage } from '../../platform/images.js';
import { type Mailer, MailNotSentError } from '../../platform/mail.js';
import type { FileStorage } from '../../platform/storage.js';
import * as repo from './accounts.repo.js';

/*
 * What every job of the accounts module shares (login.ts, registration.ts, passwords.ts,
 * profile.ts, shop-details.ts): the dependencies, the shapes of validated forms, and the helpers
 * that read the session's view of a user, check a captcha, refuse a taken email or mobile and
 * store a shop image.
 */

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
  /** Where work done after the answer (the reset mail) reports its failures. */
  log?: FastifyBaseLogger | undefined;
  /** Seconds between two reset mails to one account; default 60, 0 turns it off (tests). */
  passwordResetCooldownSeconds?: number | undefined;
  /**
   * What an employee may do (the employees module's `employeeGrantsOf`): the session answer of an
   * employee carries it, so the web app shows only what the job title allows.
   */
  employeeGrants?: EmployeeGrantsResolver | undefined;
}

/**
 * The dependencies of the accounts functions, plus a password hash to verify against when an
 * account does not exist (a wrong email takes as long as a wrong password: no user enumeration
 * through timing). Built once per app by `createAccountsContext`.
 */
export interface AccountsContext extends AccountsServiceDeps {
  dummyHash: Promise<string>;
}

/** The context of the accounts functions for these dependencies. */
export function createAccountsContext(deps: AccountsServiceDeps): AccountsContext {
  return { ...deps, dummyHash: hashPassword('not-a-real-password-Aa1!') };
}

/** The address fields a registration or profile sends, as validated (state Bihar, country India). */
export type AddressFields = z.output<typeof AddressSchema>;

/** A validated customer registration (CustomerRegistrationSchema). */
export type CustomerRegistrationInput = z.output<typeof CustomerRegistrationSchema>;

/** A validated seller registration (SellerRegistrationSchema). */
export type SellerRegistrationInput = z.output<typeof SellerRegistrationSchema>;

/** Validated shop details of a seller who has no shop yet (ShopDetailsSubmissionSchema). */
export type ShopDetailsInput = z.output<typeof ShopDetailsSubmissionSchema>;

/** A validated second sign-in step (TwoFactorLoginSchema). */
export type TwoFactorLoginInput = z.output<typeof TwoFactorLoginSchema>;

/** A user as the session view needs it. */
export type SessionViewInput = Omit<AuthUser, 'sessionId'>;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The shop row of a registration or a shop-details form; `district` follows the city. */
export function shopRow(
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

export function addressRow(input: AddressFields): repo.NewAddress {
  return {
    locality: input.locality,
    landmark: input.landmark,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
    country: input.country,
  };
}

/** Extracts the Set-Cookie lines of a better-auth `returnHeaders` answer. */
export function setCookiesOf(headers: Headers): string[] {
  return headers.getSetCookie();
}

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

/** The browser's view of a user, with its shop's name. */
export async function sessionViewOf(
  ctx: AccountsContext,
  user: SessionViewInput,
): Promise<SessionUser> {
  const { db } = ctx;
  const shop = user.shopId === null ? undefined : await repo.findShop(db, user.shopId);
  const view = toSessionUser(user, shop?.name ?? null);
  if (user.role !== 'employee' || !ctx.employeeGrants) return view;
  const grants = await ctx.employeeGrants({ ...user, sessionId: '' });
  return { ...view, jobTitle: grants.jobTitle, permissions: [...grants.permissions] };
}

/**
 * True when the admin's policy sends this account to set up two-step sign-in first: a staff
 * role (admin, seller, support admin) without it while `requireStaffTwoFactor` is on.
 */
export async function twoFactorSetupRequired(
  ctx: AccountsContext,
  role: Role,
  twoFactorEnabled: boolean,
): Promise<boolean> {
  const { db } = ctx;
  if (twoFactorEnabled || !isTwoFactorRole(role)) return false;
  return repo.findRequireStaffTwoFactor(db);
}

/** The signed-in answer of a completed sign-in, for a user id better-auth signed in. */
export async function signedInView(ctx: AccountsContext, userId: string): Promise<SessionUser> {
  const { db } = ctx;
  const user = await repo.findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.loginInvalid);
  const role = user.role as Role;
  return sessionViewOf(ctx, {
    id: user.id,
    name: user.name,
    email: user.email,
    role,
    mobile: user.mobile,
    shopId: user.shopId,
    twoFactorEnabled: user.twoFactorEnabled,
    twoFactorSetupRequired: await twoFactorSetupRequired(ctx, role, user.twoFactorEnabled),
  });
}

export async function requireCaptcha(
  ctx: AccountsContext,
  captchaId: string,
  code: string,
  message: string,
) {
  const { captcha } = ctx;
  if (!(await captcha.verify(captchaId, code))) {
    throw new AppError('VALIDATION_FAILED', message, { captchaCode: message });
  }
}

export async function assertEmailAndMobileFree(
  ctx: AccountsContext,
  email: string,
  mobile: string,
) {
  const { db } = ctx;
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
export function conflictFromUniqueViolation(ctx: AccountsContext, error: unknown): never {
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
export async function storeShopImage(
  ctx: AccountsContext,
  bytes: Buffer | undefined,
): Promise<string> {
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
  await ctx.storage.put(key, processed.full.bytes);
  await ctx.storage.put(key.replace(/\.webp$/, '-thumb.webp'), processed.thumbnail.bytes);
  return key;
}

export async function sendVerificationEmail(ctx: AccountsContext, email: string) {
  const { auth } = ctx;
  try {
    await auth.api.sendVerificationEmail({ body: { email } });
  } catch (error) {
    // The message is in the outbox and is retried; the user can also ask for a new link.
    if (!(error instanceof MailNotSentError)) throw error;
  }
}
