/*
 * What other modules use of the accounts module (docs/architecture.md "Boundaries"): writing a
 * new account with its password credential (the back office's generated accounts, the demo
 * data), disabling one with its sessions, and the pincode rule every address form shares.
 */
export { insertUserWithCredential, type NewAddress, type NewUser } from './accounts.repo.js';
export { disableAccount } from './disable-account.js';
export { passwordResetMail, verificationMail } from './account-mails.js';
export { assertServiceablePincode } from './pincode.js';
