import { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/**
 * better-auth keeps each call's state in three `AsyncLocalStorage`s (the endpoint context, the
 * request state and the database adapter). On Node 20 an `AsyncLocalStorage` works through an
 * async hook that runs on every promise the process creates, and once a storage has run once
 * the hook stays on for good: after the first sign-in or session lookup, every request of every
 * route paid for it: 12,000-17,000 CPU instructions a request on the trivial route, 13 % of its
 * requests/s (issue 5 item 10, the framework overhead; bench/README.md).
 *
 * `releaseAuthContextsWhenIdle` makes each of the three switch itself off
 * (`AsyncLocalStorage.disable()`) whenever no better-auth call is inside it: its `run` counts
 * the calls in progress and disables the storage when the last one has settled. The next `run`
 * switches it on again, as `run` always does. Inside a call nothing changes: better-auth reads
 * its state only while one of its calls is in progress; it starts no work that outlives a call
 * unless `advanced.backgroundTasks` is configured, which we do not. Node versions whose
 * `AsyncLocalStorage` keeps context without async hooks (async context frames) are left alone:
 * they have nothing to save.
 *
 * Idempotent; run before the first request (buildApp does).
 */
export async function releaseAuthContextsWhenIdle(): Promise<void> {
  if (!usesAsyncHooks()) return;
  const storages = await Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
  for (const storage of storages) disableWhenIdle(storage as AsyncLocalStorage<unknown>);
}

/** The storages already made to switch off when idle. */
const idleDisabling = new WeakSet<AsyncLocalStorage<unknown>>();

/**
 * True when this Node keeps `AsyncLocalStorage` state with async hooks (Node 20, and 22 without
 * `--experimental-async-context-frame`): its storages propagate their state through `_propagate`.
 */
function usesAsyncHooks(): boolean {
  return typeof (AsyncLocalStorage.prototype as { _propagate?: unknown })._propagate === 'function';
}

/** Wraps `storage.run` to count the runs in progress and disable the storage after the last. */
function disableWhenIdle(storage: AsyncLocalStorage<unknown>): void {
  if (idleDisabling.has(storage)) return;
  idleDisabling.add(storage);
  const run = storage.run.bind(storage);
  let inProgress = 0;
  const settled = () => {
    inProgress -= 1;
    if (inProgress === 0) storage.disable();
  };
  storage.run = <R>(store: unknown, callback: (...args: unknown[]) => R, ...args: unknown[]): R => {
    inProgress += 1;
    let result: R;
    try {
      result = run(store, callback, ...args);
    } catch (error) {
      settled();
      throw error;
    }
    if (isThenable(result)) {
      // A second reaction on the caller's promise: it neither changes nor consumes its outcome.
      result.then(settled, settled);
    } else {
      settled();
    }
    return result;
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
