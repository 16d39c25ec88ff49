import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { retainedTickObject } from '../../src/platform/tick-shape.js';

const TICK_SHAPE_MODULE = fileURLToPath(
  new URL('../../src/platform/tick-shape.ts', import.meta.url),
);

/**
 * Runs 1,000 ticks (too few for TurboFan to have optimized `nextTick`, as in a server that is
 * still starting), two full garbage collections and more ticks in a fresh Node process (with or
 * without tick-shape.ts imported first), then prints V8's feedback for `process.nextTick` and
 * returns the states of its object-literal slots (the `DefineKeyedOwnPropertyInLiteral` lines of
 * `%DebugPrint`): MONOMORPHIC when each entry is built with inline code, MEGAMORPHIC when every
 * entry goes through the runtime.
 */
function literalFeedbackAfterFullGc(withTickShape: boolean): string[] {
  const script = `
    ${withTickShape ? `await import(${JSON.stringify(TICK_SHAPE_MODULE)});` : ''}
    const ticks = async () => { for (let i = 0; i < 1000; i++) await new Promise((r) => process.nextTick(r)); };
    await ticks();
    for (let i = 0; i < 2; i++) { globalThis.gc(); await ticks(); }
    new Function('f', '%DebugPrint(f)')(process.nextTick);
  `;
  // V8 prints through C stdio; a file (not a pipe) gets all of it before the process exits.
  const outputFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tick-shape-')), 'out.txt');
  const fd = fs.openSync(outputFile, 'w');
  try {
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--allow-natives-syntax',
        '--expose-gc',
        '--input-type=module',
        '-e',
        script,
      ],
      { stdio: ['ignore', fd, 'inherit'] },
    );
  } finally {
    fs.closeSync(fd);
  }
  const output = fs.readFileSync(outputFile, 'utf8');
  fs.rmSync(path.dirname(outputFile), { recursive: true, force: true });
  return [...output.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]!);
}

describe('tick-shape (the process.nextTick entry kept alive)', () => {
  it('holds a process.nextTick queue entry once a tick has run', async () => {
    await new Promise((resolve) => process.nextTick(resolve));
    const entry = retainedTickObject() as object;
    expect(entry).toBeTypeOf('object');
    expect(Object.keys(entry)).toEqual(['callback', 'args']);
    expect(Object.getOwnPropertySymbols(entry).map(String)).toEqual([
      'Symbol(async_id_symbol)',
      'Symbol(trigger_async_id_symbol)',
    ]);
  });

  it('keeps V8 building nextTick entries inline after full garbage collections', () => {
    const without = literalFeedbackAfterFullGc(false);
    const withTickShape = literalFeedbackAfterFullGc(true);
    // Node 20's literal has four properties. Without the held entry a full collection drops the
    // shapes and the slots after the first go megamorphic (the runtime path); a Node version
    // that no longer does so makes this first expectation fail, and tick-shape.ts can go.
    expect(without).toHaveLength(4);
    expect(without.slice(1)).toContain('MEGAMORPHIC');
    expect(withTickShape).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
  }, 60_000);
});
