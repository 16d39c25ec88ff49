// @vitest-environment jsdom
import '../../../support/dom';
import { fireEvent, screen } from '@testing-library/react';
import { useForm } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PRODUCT,
  ProductFields,
  percentOffText,
  toProductInput,
  validateProduct,
  type ProductFormValues,
} from '../../../../src/areas/shop/catalog/product-fields';
import { priceBandWarning } from '../../../../src/areas/shop/catalog/product-gst';
import { fakeApi } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/shop-catalog.md: the seller types the MRP and a price up to it, and sees the percent off
 * they make. docs/gst.md "Marketplace": the form picks an HSN class (suggested from the name
 * until chosen) and warns when the GST-inclusive price falls where no rate is consistent.
 */

const EMPTY_LIST = { body: { items: [] } };

function Harness({ initial }: { initial: Partial<ProductFormValues> }) {
  const form = useForm<ProductFormValues>({ initialValues: { ...EMPTY_PRODUCT, ...initial } });
  return <ProductFields form={form} />;
}

function renderFields(initial: Partial<ProductFormValues>) {
  fakeApi({
    'GET /api/shop/companies': EMPTY_LIST,
    'GET /api/shop/product-names': EMPTY_LIST,
    'GET /api/shop/colours': EMPTY_LIST,
  });
  renderPage(<Harness initial={initial} />, { url: '/' });
}

const kurta = { name: 'Silk Kurta', category: 'Men', material: 'Silk' };
const price = () => screen.getByLabelText(/^Price \(₹\)/);
const mrp = () => screen.getByLabelText(/^MRP \(₹\)/);
const percentOff = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Off the MRP' });

/** A complete form the server would take: MRP ₹1,500, price ₹1,200. */
const complete: ProductFormValues = {
  ...EMPTY_PRODUCT,
  company: 'Raymond',
  name: 'Silk Kurta',
  category: 'Men',
  style: 'Plain',
  material: 'Silk',
  colour: 'Red',
  size: 'M',
  quantity: 5,
  mrpRupees: 1500,
  priceRupees: 1200,
};

describe('MRP, price and the percent off', () => {
  it('shows, read-only, the percent off the MRP the storefront will show', () => {
    renderFields({ mrpRupees: 1500, priceRupees: 1200 });
    expect(percentOff().value).toBe('20% off');
    expect(percentOff().readOnly).toBe(true);
    fireEvent.change(price(), { target: { value: '999' } });
    fireEvent.change(mrp(), { target: { value: '1199' } });
    expect(percentOff().value).toBe('16% off'); // 16.68 %, never rounded up
    fireEvent.change(price(), { target: { value: '1199' } });
    expect(percentOff().value).toBe('No discount');
  });

  it('words the percent as the price tag does, and says nothing for an incomplete or dear price', () => {
    expect(percentOffText({ mrpRupees: 1000, priceRupees: 999.5 })).toBe('No discount');
    expect(percentOffText({ mrpRupees: '', priceRupees: 1200 })).toBe('');
    expect(percentOffText({ mrpRupees: 1500, priceRupees: 1600 })).toBe('');
  });

  it('refuses a price above the MRP on the price field, naming the MRP, and sends no offer', () => {
    expect(validateProduct(complete)).toEqual({});
    expect(validateProduct({ ...complete, priceRupees: 1500.5 })).toEqual({
      priceRupees: 'Price cannot be more than the MRP (₹1,500)',
    });
    // Beside the messages of fields still empty, not only once they are filled.
    expect(validateProduct({ ...EMPTY_PRODUCT, mrpRupees: 1500, priceRupees: 1600 })).toMatchObject(
      { company: 'Company is required', priceRupees: 'Price cannot be more than the MRP (₹1,500)' },
    );
    expect(toProductInput(complete)).not.toHaveProperty('offerPercent');
    expect(toProductInput(complete)).toMatchObject({ mrpPaise: '150000', pricePaise: '120000' });
  });
});

describe('the product form under the price', () => {
  it('warns for a garment priced ₹2,700 that the invoice will charge 18 %', () => {
    renderFields({ ...kurta, priceRupees: 2700 });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('No GST rate fits this price');
    expect(alert.textContent).toContain('₹2,625.01');
    expect(alert.textContent).toContain('₹2,950');
    expect(alert.textContent).toContain('will charge 18 % GST');
    expect(alert.textContent).toContain('at or below ₹2,625 or above ₹2,950');
  });

  it('says nothing at ₹2,625 or ₹3,000, and goes away when the price leaves the band', () => {
    renderFields({ ...kurta, priceRupees: 2625 });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(price(), { target: { value: '2950' } });
    expect(screen.getByRole('alert').textContent).toContain('will charge 18 % GST');
    fireEvent.change(price(), { target: { value: '3000' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('never warns for fabric, whatever the price', () => {
    expect(
      priceBandWarning({ ...kurta, hsnClass: 'saree-silk', priceRupees: 2700 }, '2026-11-27'),
    ).toBeUndefined();
    expect(priceBandWarning({ ...kurta, hsnClass: '', priceRupees: 2700 }, '2026-11-27')).toContain(
      '18 %',
    );
  });
});

describe('the HSN class', () => {
  it("suggests the class from the name while untouched and sends the seller's choice", () => {
    renderFields({ name: 'Girls Party Frock', category: 'Kids(Girls)', material: 'Cotton' });
    const select = screen
      .getAllByLabelText(/HSN class/)
      .find((element): element is HTMLInputElement => element instanceof HTMLInputElement);
    expect(select?.value).toBe(
      "Women's or girls' dresses, suits, skirts and trousers (woven) (HSN 6204)",
    );
    expect(
      toProductInput({ ...EMPTY_PRODUCT, name: 'Girls Party Frock', category: 'Kids(Girls)' })
        .hsnClass,
    ).toBe('womens-dress');
    expect(
      toProductInput({ ...EMPTY_PRODUCT, name: 'Girls Party Frock', hsnClass: 'babies-garment' })
        .hsnClass,
    ).toBe('babies-garment');
  });
});
