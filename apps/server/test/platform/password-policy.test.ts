import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_MESSAGES, passwordWeakness } from '../../src/platform/password-policy.js';

describe('passwordWeakness', () => {
  it.each(['Password@123', 'Welcome@2024', 'Qwerty!1', 'PASSWORD1', 'Iloveyou@12', 'Monkey#7'])(
    'refuses the common password %s',
    async (password) => {
      expect(await passwordWeakness(password)).toBe(PASSWORD_POLICY_MESSAGES.common);
    },
  );

  it.each(['Bazaar@123', 'Patna@2024', 'Bihar#1', 'Seller@99'])(
    'refuses the context word in %s',
    async (password) => {
      expect(await passwordWeakness(password)).toBe(PASSWORD_POLICY_MESSAGES.context);
    },
  );

  it("refuses the person's own name, email name and shop name", async () => {
    const context = ['Ramesh Kumar', 'rkumar@example.in', 'Ganga Textiles'];
    expect(await passwordWeakness('Ramesh@2024', context)).toBe(PASSWORD_POLICY_MESSAGES.context);
    expect(await passwordWeakness('Rkumar#1', context)).toBe(PASSWORD_POLICY_MESSAGES.context);
    expect(await passwordWeakness('Ganga@2024', context)).toBe(PASSWORD_POLICY_MESSAGES.context);
    expect(await passwordWeakness('Ganga@2024', [])).toBeNull();
  });

  it.each([
    'Secure@123',
    'Fresh@2024',
    'Tulsi#Mango7',
    'K4r!garBazaarX',
    'Password@123 extra words',
  ])('accepts %s', async (password) => {
    expect(await passwordWeakness(password)).toBeNull();
  });

  it('keeps a long common word with a non-trivial tail', async () => {
    expect(await passwordWeakness('Password@12345')).toBeNull();
    expect(await passwordWeakness('Password@1a')).toBeNull();
  });
});
