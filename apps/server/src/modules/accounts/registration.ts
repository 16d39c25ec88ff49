import { randomInt, timingSafeEqual } from 'node:crypto';
import { APIError } from 'better-auth/api';
import {
  ACCOUNT_MESSAGES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
} from '@bazaar/shared';
import { hashPassword } from '../../platform/auth.js';
import { assertPasswordNotGuessable } from '../../platform/password-policy.js';
import { AppError } from '../../platform/errors.js';
import { MailNotSentError } from '../../platform/mail.js';
import * as repo from './accounts.repo.js';
import {
  type AccountsContext,
  type CustomerRegistrationInput,
  type SellerRegistrationInput,
  addressRow,
  shopRow,
  sha256,
  requireCaptcha,
  assertEmailAndMobileFree,
  conflictFromUniqueViolation,
  storeShopImage,
  sendVerificationEmail,
} from './account-context.js';
import { assertServiceablePincode } from './pincode.js';

/*
 * Registration (docs/accounts.md): the email's live check, the seller's emailed OTP, customer and
 * seller registration, email verification and a new verification link.
 */

/** OTP purpose of seller registration. */
const SELLER_REGISTRATION_OTP = 'seller-registration';

/** At most this many OTPs per email per hour. */
const OTP_MAX_PER_HOUR = 5;

/** True when no account uses the email (the registration form's live check). */
export async function isEmailAvailable(ctx: AccountsContext, email: string): Promise<boolean> {
  const { db } = ctx;
  return !(await repo.findUserByEmail(db, email));
}

/**
 * Emails a 6-digit OTP for seller registration (docs/accounts.md), valid for
 * OTP_TTL_SECONDS; at most one per OTP_RESEND_COOLDOWN_SECONDS and OTP_MAX_PER_HOUR an hour.
 * @throws AppError 409 for a taken email, 429 during the cool-down, 503 'Due to technical
 *   issue, OTP Not Sent.' when the mail server fails.
 */
export async function sendRegistrationOtp(ctx: AccountsContext, email: string) {
  const { db, mailer } = ctx;
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
      // The subject is logged and shown in notifications: the code stays in the body.
      subject: 'Your Bazaar seller registration code',
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
}

/**
 * Registers a customer (docs/accounts.md): one transaction for the user, its
 * credential and its default address, then the verification mail.
 * @throws AppError 400 'Invalid captcha' (captchaCode) or pincode, 409 email or mobile taken.
 */
export async function registerCustomer(ctx: AccountsContext, input: CustomerRegistrationInput) {
  const { db } = ctx;
  await requireCaptcha(
    ctx,
    input.captchaId,
    input.captchaCode,
    ACCOUNT_MESSAGES.registrationCaptchaInvalid,
  );
  assertServiceablePincode(input.pincode);
  await assertPasswordNotGuessable(input.password, [input.name, input.email], 'password');
  await assertEmailAndMobileFree(ctx, input.email, input.mobile);
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
    conflictFromUniqueViolation(ctx, error);
  }
  await sendVerificationEmail(ctx, input.email);
  return { message: ACCOUNT_MESSAGES.verifyEmailFirst };
}

/**
 * Registers a seller with its shop (the Shop Details step; docs/accounts.md): the emailed
 * OTP proves the address, so the account is verified at once. Shop, user, credential and
 * address are written in one transaction; the OTP is used up in it.
 * @throws AppError 400 'Invalid captcha', 'Invalid OTP' (otp), shop image or pincode
 *   problems; 409 email or mobile taken.
 */
export async function registerSeller(
  ctx: AccountsContext,
  input: SellerRegistrationInput,
  shopImage: Buffer | undefined,
) {
  const { db } = ctx;
  await requireCaptcha(
    ctx,
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
  // A seller's account name is the shop's name (docs/accounts.md), a context word too.
  await assertPasswordNotGuessable(input.password, [input.name, input.email], 'password');
  await assertEmailAndMobileFree(ctx, input.email, input.mobile);
  const [passwordHash, imageKey] = await Promise.all([
    hashPassword(input.password),
    storeShopImage(ctx, shopImage),
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
    conflictFromUniqueViolation(ctx, error);
  }
  return { message: 'Your shop is registered. You can log in now.' };
}

/**
 * Verifies an email address from the emailed link's token.
 * @throws AppError 400 for an invalid or expired token.
 */
export async function verifyEmail(ctx: AccountsContext, token: string) {
  const { auth } = ctx;
  try {
    await auth.api.verifyEmail({ query: { token } });
  } catch (error) {
    if (error instanceof APIError) {
      throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.verificationLinkInvalid);
    }
    throw error;
  }
  return { message: ACCOUNT_MESSAGES.emailVerified };
}

/** Sends a new verification link when the account exists and is unverified; same answer either way. */
export async function resendVerification(
  ctx: AccountsContext,
  input: { email: string; captchaId: string; captchaCode: string },
) {
  const { db } = ctx;
  await requireCaptcha(
    ctx,
    input.captchaId,
    input.captchaCode,
    ACCOUNT_MESSAGES.loginCaptchaInvalid,
  );
  const user = await repo.findUserByEmail(db, input.email);
  if (user && !user.emailVerified) await sendVerificationEmail(ctx, user.email);
  return {
    message:
      'If this email address is waiting for verification, we have sent a new link. Please check your email.',
  };
}
