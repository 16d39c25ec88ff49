import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS_DIR, generateEndpointFiles } from '../../scripts/generate-endpoints';

describe('the web endpoint references (apps/web/src/api/endpoints)', () => {
  it('match the shared contracts: run `npm run api-endpoints` after changing one', async () => {
    const expected = await generateEndpointFiles();
    expect(expected.size).toBeGreaterThan(0);
    const onDisk = fs.readdirSync(ENDPOINTS_DIR).sort();
    expect(onDisk).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) {
      expect(fs.readFileSync(path.join(ENDPOINTS_DIR, name), 'utf8'), name).toBe(text);
    }
  });

  it('hold one reference per contract, with its method and path', async () => {
    const { billsApi } = await import('@bazaar/shared');
    const bills = await import('../../src/api/endpoints/bills');
    expect(Object.keys(bills).sort()).toEqual(
      Object.keys(billsApi)
        .filter((name) => typeof (billsApi as Record<string, unknown>)[name] === 'object')
        .sort(),
    );
    expect(bills.createBill).toEqual({
      method: billsApi.createBill.method,
      path: billsApi.createBill.path,
    });
  });
});
