import { startTransition, useEffect, useState } from 'react';

/**
 * A long list drawn in two commits: the first render (the server's, and the hydration of it)
 * gets the first `first` items, and the whole list follows right after in a transition, which
 * React renders in slices. On a slow phone each commit of the list's DOM, effects and
 * subscriptions stays a shorter task (docs/performance.md). Used by the home
 * page's sliders and the product grid.
 * @returns the items to render: `items.slice(0, first)` at first, then `items` itself (later
 *   lists given to the same component render whole).
 */
export function useFirstThenAll<Item>(items: readonly Item[], first: number): readonly Item[] {
  const [allShown, setAllShown] = useState(false);
  useEffect(() => startTransition(() => setAllShown(true)), []);
  return allShown ? items : items.slice(0, first);
}
