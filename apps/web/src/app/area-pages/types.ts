import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StaffRole } from '../../config/areas';
import { loadMantineStyles } from '../mantine-styles-loader';

/**
 * One page of a staff area: the path it answers (the spec's route, matched case-insensitively),
 * the roles whose area shows it, and the lazy page component. A path that is also a menu link
 * replaces the link's "not built yet" placeholder; any other path (e.g.
 * `/TransactionDetails/:customerId`) becomes an extra route inside the area's shell.
 */
export interface AreaPageEntry {
  path: string;
  roles: readonly StaffRole[];
  Page: LazyExoticComponent<ComponentType>;
}

/**
 * Loads a page's chunk only when its route is first visited; pages are named exports, so the
 * loader picks the export by name.
 */
export function lazyAreaPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    // Mantine's remaining styles first (already there inside a staff area's shell).
    const styles = loadMantineStyles();
    const page = await load();
    await styles;
    return { default: page[name] };
  });
}
