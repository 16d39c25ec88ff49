import { describe, expect, it } from 'vitest';
import {
  AddressSchema,
  CustomerRegistrationSchema,
  NameSchema,
  PersonNameSchema,
} from '../../src/schemas/accounts.js';
import { CustomerInputSchema } from '../../src/schemas/back-office-people.js';
import { DeliveryAddressInputSchema, DeliveryAddressUpdateSchema } from '../../src/schemas/cart.js';
import { ContactMessageSchema } from '../../src/schemas/contact.js';
import { HIDDEN_CHARACTERS_MESSAGE, VisibleTextSchema } from '../../src/schemas/fields.js';

/*
 * Names and address lines refuse control characters and invisible formatting characters
 * (bidi overrides, zero-width characters, the byte-order mark) and are stored in NFC
 * (docs/security.md): what a person reads on an invoice or a label is what was typed.
 */

/** One character of each refused class, by name. */
const HIDDEN = {
  'tab (C0 control)': '\u0009',
  'line feed (C0 control)': '\u000A',
  'escape (C0 control)': '\u001B',
  'delete (control)': '\u007F',
  'next line (C1 control)': '\u0085',
  'C1 control U+009B': '\u009B',
  'zero width space U+200B': '\u200B',
  'zero width non-joiner U+200C': '\u200C',
  'zero width joiner U+200D': '\u200D',
  'left-to-right mark U+200E': '\u200E',
  'right-to-left mark U+200F': '\u200F',
  'left-to-right embedding U+202A': '\u202A',
  'right-to-left embedding U+202B': '\u202B',
  'pop directional formatting U+202C': '\u202C',
  'left-to-right override U+202D': '\u202D',
  'right-to-left override U+202E': '\u202E',
  'left-to-right isolate U+2066': '\u2066',
  'right-to-left isolate U+2067': '\u2067',
  'first strong isolate U+2068': '\u2068',
  'pop directional isolate U+2069': '\u2069',
  'word joiner U+2060': '\u2060',
  'line separator U+2028': '\u2028',
  'byte-order mark U+FEFF': '\uFEFF',
} as const;

function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('VisibleTextSchema (names and address lines)', () => {
  it.each(Object.entries(HIDDEN))('refuses a %s inside the text', (_name, character) => {
    const result = VisibleTextSchema.safeParse(`Ram${character}esh`);
    expect(result.success).toBe(false);
    expect(messageOf(result)).toBe(HIDDEN_CHARACTERS_MESSAGE);
  });

  it('applies NFC: a decomposed accent is stored composed', () => {
    const decomposed = 'Jose\u0301';
    expect(VisibleTextSchema.parse(decomposed)).toBe('Jos\u00e9');
    expect(NameSchema.parse(decomposed)).toBe('Jos\u00e9');
  });

  it('accepts the joiner that picks an Indic half-form, after a virama, and only there', () => {
    // क + ् + ZWJ + ष: the half-form spelling of "क्ष"; ZWNJ keeps the virama visible.
    expect(VisibleTextSchema.safeParse('लक्\u200Dष्मी').success).toBe(true);
    expect(VisibleTextSchema.safeParse('क्\u200Cष').success).toBe(true);
    expect(VisibleTextSchema.safeParse('क\u200Dष').success).toBe(false);
    expect(VisibleTextSchema.safeParse('क्\u200D').success).toBe(false);
  });

  it('accepts Hindi, Urdu and Latin names and ordinary spaces', () => {
    for (const name of ['राम कुमार', 'सीता देवी', 'محمد علی', "Neha D'Souza-Sharma", 'Ram  Kumar']) {
      expect(PersonNameSchema.parse(name)).toBe(name);
    }
    expect(NameSchema.parse('Ram\u00A0Kumar')).toBe('Ram\u00A0Kumar');
  });

  it('still trims the ends and keeps the other rules and messages', () => {
    expect(NameSchema.parse('  राम कुमार  ')).toBe('राम कुमार');
    expect(messageOf(NameSchema.safeParse('   '))).toBe('Name is required');
    expect(messageOf(PersonNameSchema.safeParse('Ram2'))).toBe('Name should only contain letters');
  });
});

describe('schemas that carry names and address lines', () => {
  const rlo = '\u202E';

  it('refuses a hidden character in a person name', () => {
    expect(messageOf(PersonNameSchema.safeParse(`Neha${rlo}Sharma`))).toBe(
      HIDDEN_CHARACTERS_MESSAGE,
    );
    expect(messageOf(ContactMessageSchema.shape.name.safeParse(`Neha${rlo}`))).toBe(
      HIDDEN_CHARACTERS_MESSAGE,
    );
  });

  it('refuses a hidden character in every address line', () => {
    const address = { locality: 'Kankarbagh', landmark: '', city: 'Patna', pincode: '800020' };
    for (const field of ['locality', 'landmark', 'city'] as const) {
      const result = AddressSchema.safeParse({ ...address, [field]: `Patna${rlo}gpj.exe` });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: [field],
        message: HIDDEN_CHARACTERS_MESSAGE,
      });
    }
    const delivery = DeliveryAddressInputSchema.safeParse({
      ...address,
      recipientName: `Neha${rlo}`,
      mobile: '9876543210',
    });
    expect(delivery.error?.issues[0]).toMatchObject({
      path: ['recipientName'],
      message: HIDDEN_CHARACTERS_MESSAGE,
    });
    const update = DeliveryAddressUpdateSchema.safeParse({ landmark: `Gate\u200B2` });
    expect(update.error?.issues[0]).toMatchObject({
      path: ['landmark'],
      message: HIDDEN_CHARACTERS_MESSAGE,
    });
  });

  it('refuses a hidden character in a shop or business name', () => {
    const shape = CustomerInputSchema.shape as Record<
      string,
      { safeParse: (value: unknown) => { success: boolean } }
    >;
    expect(shape.shopName!.safeParse(`Gupta${rlo}Traders`).success).toBe(false);
    expect(shape.name!.safeParse(`Gupta\uFEFFJi`).success).toBe(false);
  });

  it('refuses a hidden character in a customer registration name', () => {
    const result = CustomerRegistrationSchema.safeParse({
      name: `Neha${rlo}Sharma`,
      email: 'neha@example.in',
      password: 'Secure@123',
      confirmPassword: 'Secure@123',
      mobile: '9876543210',
      gender: 'Female',
      locality: 'Kankarbagh',
      landmark: '',
      city: 'Patna',
      pincode: '800020',
      acceptTerms: true,
      captchaId: 'x',
      captchaCode: 'abc',
    });
    expect(result.error?.issues.find((issue) => issue.path[0] === 'name')?.message).toBe(
      HIDDEN_CHARACTERS_MESSAGE,
    );
  });
});
