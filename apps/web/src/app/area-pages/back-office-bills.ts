import type { AreaPageEntry } from './types';

/** Pages of this feature (see index.ts). */
export const PAGES: AreaPageEntry[] = [];
