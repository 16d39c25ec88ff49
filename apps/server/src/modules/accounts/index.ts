/*
 * What other modules use of the accounts module (docs/architecture.md "Boundaries"): writing a
 * new account with its password credential (the back office's generated accounts, the demo
 * data), disabling one with its sessions, staff-made email changes that wait for the new
 * address's verification, the pincode rule every address form shares, and account names by id
 * (the audit trail's people).
 */
export {
  insertUserWithCredential,
  userNamesByIds,
  type NewAddress,
  type NewUser,
} from './accounts.repo.js';
export { disableAccount } from './disable-account.js';
export { passwordResetMail, verificationMail } from './account-mails.js';
export {
  cancelEmailChange,
  createEmailChangeService,
  mailEmailChange,
  recordEmailChange,
  type EmailChangeService,
  type RecordedEmailChangeMail,
  type VerifiedEmailChange,
} from './email-change.js';
export { assertServiceablePincode, lookupPincode } from './pincode.js';
