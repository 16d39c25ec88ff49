import type { Tx } from '../../db/client.js';
import * as repo from './accounts.repo.js';

/**
 * Disables an account inside the caller's transaction: it can no longer sign in, and every
 * session it has ends at once (the rows are deleted, so the next request of each signed-in
 * browser is anonymous). The back office disabling an employee and a seller disabling a support
 * admin both come here. Disabling an account already disabled keeps its first disabled time and
 * still ends any session.
 * @param at when it was disabled (defaults to now).
 * @returns true when the account was active until now, false when it was already disabled.
 */
export async function disableAccount(
  tx: Tx,
  userId: string,
  at: Date = new Date(),
): Promise<boolean> {
  return repo.disableUserAndEndSessions(tx, userId, at);
}
