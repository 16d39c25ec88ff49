import type { RegistrationValues } from './registration-form';

/** What moves with the visitor between the customer and seller forms (no passwords, no name). */
export type RegistrationDraft = Partial<
  Pick<
    RegistrationValues,
    'email' | 'mobile' | 'gender' | 'locality' | 'landmark' | 'city' | 'pincode'
  >
>;

/** The fields a draft may carry (also what the page accepts from the history state). */
export const DRAFT_FIELDS = [
  'email',
  'mobile',
  'gender',
  'locality',
  'landmark',
  'city',
  'pincode',
] as const;

/** The typed (non-empty) draft fields of the values, to carry to the other kind's form. */
export function draftOf(values: RegistrationValues): RegistrationDraft {
  const carried: RegistrationDraft = {};
  for (const field of DRAFT_FIELDS) {
    if (values[field] !== '') carried[field] = values[field];
  }
  return carried;
}
