// @vitest-environment jsdom
import '../support/dom';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceTag } from '../../src/components/price-tag';

/** The tag's text as a reader hears it, and what is struck through. */
function tagOf(mrpPaise: number, pricePaise: number) {
  const { container, unmount } = render(<PriceTag pricePaise={pricePaise} mrpPaise={mrpPaise} />);
  const tag = {
    text: container.textContent,
    struck: container.querySelector('s')?.textContent ?? null,
  };
  unmount();
  return tag;
}

describe('the price tag (docs/catalog.md "A product and its card")', () => {
  it('strikes through the MRP the seller entered and counts the percent off from it', () => {
    expect(tagOf(150_000, 120_000)).toEqual({
      text: '₹1,200Original price ₹1,50020% off',
      struck: 'Original price ₹1,500',
    });
  });

  it('never claims more off than the customer gets', () => {
    expect(tagOf(119_900, 99_900).text).toBe('₹999Original price ₹1,19916% off');
  });

  it('shows the MRP without a percent under 1 % off, and the price alone at the MRP', () => {
    expect(tagOf(100_000, 99_950)).toEqual({
      text: '₹999.50Original price ₹1,000',
      struck: 'Original price ₹1,000',
    });
    expect(tagOf(120_000, 120_000)).toEqual({ text: '₹1,200', struck: null });
  });
});
