import { executionAsyncResource } from 'node:async_hooks';

/**
 * Keeps one `process.nextTick` queue entry alive for the life of the process, so that V8 keeps
 * the object shapes (hidden classes) those entries are built with. Imported for its effect,
 * first of all, by main.ts.
 *
 * Why (issue 5 item 10, the framework overhead): Node 20 builds each queue entry as
 * `{ [async_id_symbol]: id, [trigger_async_id_symbol]: id, callback, args }`, one shape per
 * property added. Between two ticks no entry is alive, and V8 drops shapes that no object uses
 * at a full garbage collection. Our server does several while it migrates, seeds and registers
 * routes; once a dropped shape has been made again, V8 stops trusting the shapes at that
 * literal for good, and every entry is then built through the runtime instead of inline code.
 * An HTTP request makes about a dozen entries (Node's own request and socket streams), so the
 * trivial route cost about 30,000 more CPU instructions per request than it needs to, a fifth
 * of its total (counted with valgrind's callgrind, bench/README.md). The bare Fastify server
 * in the benchmark never collects before it is measured, so it never lost those shapes.
 *
 * One entry held here (`executionAsyncResource()` inside a tick callback is that tick's entry)
 * keeps the whole chain of shapes alive. It is refreshed every 10 s, in case Node stored a
 * value of a new kind in an entry and V8 moved the entries to new shapes. The timer is unref'd:
 * it never keeps the process alive.
 */
let retainedTickEntry: unknown;

/** The `process.nextTick` entry currently held (tests look at it). */
export function retainedTickObject(): unknown {
  return retainedTickEntry;
}

function retainCurrentTickEntry(): void {
  process.nextTick(() => {
    retainedTickEntry = executionAsyncResource();
  });
}

retainCurrentTickEntry();
setInterval(retainCurrentTickEntry, 10_000).unref();
