// @vitest-environment jsdom
import '../../../support/dom';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  VariantPicker,
  variantForColour,
  type PickerVariant,
} from '../../../../src/areas/storefront/product-info/variant-picker';
import { renderPage } from '../../../support/render';

/*
 * docs/catalog.md "Variants": the product page shows the design's colours as swatches and its
 * sizes as buttons; a size the chosen colour lacks or has sold out is disabled.
 */

let nextId = 100;
const v = (colour: string, size: string, stockQuantity = 3): PickerVariant => ({
  id: nextId++,
  colour,
  size,
  stockQuantity,
});

const variants = [v('Red', 'S'), v('Red', 'M', 0), v('Red', 'L'), v('Blue', 'M'), v('Blue', 'XL')];
const [redS, , redL, blueM, blueXl] = variants;

function renderPicker(current: PickerVariant, onChoose = vi.fn()) {
  renderPage(<VariantPicker variants={variants} current={current} onChoose={onChoose} />, {
    url: '/',
  });
  return onChoose;
}

const size = (name: string) => screen.getByRole<HTMLButtonElement>('radio', { name });

describe('the variant picker', () => {
  it('disables the sizes the chosen colour does not have or has sold out', () => {
    renderPicker(redS!);
    expect(size('S').disabled).toBe(false);
    expect(size('L').disabled).toBe(false);
    expect(size('M (not available in Red)').disabled).toBe(true);
    expect(size('XL (not available in Red)').disabled).toBe(true);
    expect(size('S').getAttribute('aria-checked')).toBe('true');
  });

  it('chooses the variant of the size clicked', () => {
    const onChoose = renderPicker(redS!);
    fireEvent.click(size('L'));
    expect(onChoose).toHaveBeenCalledWith(redL!.id);
  });

  it('keeps the size when the new colour has it, else takes its first size in stock', () => {
    expect(variantForColour(variants, 'Blue', 'M')).toBe(blueM);
    expect(variantForColour(variants, 'Blue', 'S')).toBe(blueM);
    expect(variantForColour(variants, 'Red', 'XL')).toBe(redS);
    const onChoose = renderPicker(blueXl!);
    fireEvent.click(screen.getByRole('radio', { name: 'Red' }));
    expect(onChoose).toHaveBeenCalledWith(redS!.id);
  });
});
