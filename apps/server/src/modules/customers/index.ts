/*
 * What other modules use of the customers module (docs/architecture.md "Boundaries"): the
 * helpers of accounts the back office creates for someone else with a generated password
 * (employees, a seller's support admins), which check email and mobile against both accounts
 * and wholesale customers.
 */
export {
  assertAccountFree,
  conflictFromUniqueViolation,
  insertGeneratedAccount,
  mailGeneratedPassword,
  newGeneratedCredential,
} from './generated-account.js';
