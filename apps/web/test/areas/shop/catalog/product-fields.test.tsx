// @vitest-environment jsdom
import '../../../support/dom';
import { fireEvent, screen } from '@testing-library/react';
import { useForm } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PRODUCT,
  ProductFields,
  toProductInput,
  type ProductFormValues,
} from '../../../../src/areas/shop/catalog/product-fields';
import { priceBandWarning } from '../../../../src/areas/shop/catalog/product-gst';
import { fakeApi } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/gst.md "Marketplace": the seller's product form picks an HSN class (suggested from the
 * name until chosen) and warns when the GST-inclusive price falls where no rate is consistent.
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
