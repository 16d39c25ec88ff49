/**
 * A Mantine NumberInput's value as a number, or '' while empty or unfinished. NumberInput hands
 * over a string when the text is not a plain number yet or would lose its form as one ('250.50',
 * '12.', '-'), so strings are parsed here rather than dropped.
 */
export function numberValue(value: number | string): number | '' {
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  const text = value.replace(/,/g, '').trim();
  if (text === '' || !/^\d*\.?\d*$/.test(text) || text === '.') return '';
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : '';
}
