import { z } from 'zod';
import { BACK_OFFICE_PAGE_SIZE, SHOP_CATEGORIES } from '../constants.js';
import { INDIAN_STATES } from '../gst/states.js';
import { PeopleListQuerySchema } from './back-office-people.js';
import { GstinSchema, VisibleTextSchema } from './fields.js';

/**
 * The wholesale business's own shop fields on the admin profile, and the admin's list of the
 * marketplace's shops (docs/back-office-people.md "Business profile", "Shop list").
 */

/** Texts of the business profile and the shop list (the spec's where it has one). */
export const BUSINESS_PROFILE_MESSAGES = {
  /** The spec's empty shop list text, its spelling kept as the spec gives it. */
  shopsEmpty: 'Data not avalible',
  pincodeInvalid: 'Pincode must be 6 digits',
  nothingToChange: 'Give at least one field to change',
} as const;

/** The business's own profile fields, each editable alone from the admin profile. */
export const BUSINESS_PROFILE_FIELDS = [
  'shopName',
  'shopCategory',
  'gstin',
  'address',
  'city',
  'state',
  'country',
  'pincode',
  'description',
] as const;
export type BusinessProfileField = (typeof BUSINESS_PROFILE_FIELDS)[number];

const text = (label: string, max: number) =>
  VisibleTextSchema.min(1, `${label} is required`).max(max, `${label} is too long`);

/**
 * `PATCH /api/business-profile`: any of the fields, at least one. GSTIN with its check character
 * (GstinSchema, 'Invalid GST No'); pincode 6 digits not starting 0; state an Indian state.
 */
export const BusinessProfileUpdateSchema = z
  .object({
    shopName: text('Shop name', 120),
    shopCategory: z.enum(SHOP_CATEGORIES, 'Please select a shop category'),
    gstin: GstinSchema,
    address: text('Address', 200),
    city: text('City', 80),
    state: z.enum(INDIAN_STATES, 'Please select a state of India'),
    country: text('Country', 40),
    pincode: z
      .string()
      .trim()
      .regex(/^[1-9][0-9]{5}$/, BUSINESS_PROFILE_MESSAGES.pincodeInvalid),
    description: VisibleTextSchema.max(500, 'Description is too long'),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, BUSINESS_PROFILE_MESSAGES.nothingToChange);
export type BusinessProfileUpdate = z.input<typeof BusinessProfileUpdateSchema>;

/** The stored fields, all given (defaults filled in from the invoices' seller of record). */
export const BusinessProfileFieldsSchema = z.object({
  shopName: z.string(),
  shopCategory: z.enum(SHOP_CATEGORIES),
  gstin: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pincode: z.string(),
  description: z.string(),
});
export type BusinessProfileFields = z.infer<typeof BusinessProfileFieldsSchema>;

/**
 * `GET` / `PATCH /api/business-profile`: the profile's fields; `invoiceSeller`, what tax
 * invoices print as the seller (the server's BUSINESS_* configuration), so the page can say
 * where the two differ; `updatedAt` ISO, null while never saved (the fields are then the
 * invoice seller's).
 */
export const BusinessProfileSchema = BusinessProfileFieldsSchema.extend({
  invoiceSeller: z.object({
    name: z.string(),
    gstin: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
  }),
  updatedAt: z.string().nullable(),
});
export type BusinessProfile = z.infer<typeof BusinessProfileSchema>;

/** `GET /api/shops?search=&page=`: `search` is a case-insensitive part of the shop's name. */
export const AdminShopListQuerySchema = PeopleListQuerySchema;
export type AdminShopListQuery = z.input<typeof AdminShopListQuerySchema>;

/** A marketplace shop as the admin's shop list shows it (the spec's shop search list fields). */
export const AdminShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ownerName: z.string(),
  address: z.string(),
  area: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pincode: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
});
export type AdminShop = z.infer<typeof AdminShopSchema>;

/** One page of 10 shops, by name. */
export const AdminShopPageSchema = z.object({
  items: z.array(AdminShopSchema),
  page: z.number().int(),
  pageSize: z.literal(BACK_OFFICE_PAGE_SIZE),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AdminShopPage = z.infer<typeof AdminShopPageSchema>;
