import { AxeBuilder } from '@axe-core/playwright';
import { ROLE_AREAS, type Role } from '@bazaar/shared';
import type { Page } from 'playwright-core';
import { AREAS, areaPages, type StaffRole } from '../../apps/web/src/config/areas.js';
import { PATHS } from '../../apps/web/src/config/site.js';

/** The WCAG 2.0 and 2.1 level A and AA rules of axe-core. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts that fail the scan. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Every page of the staff areas with the roles whose area shows it, from the one route table
 * (apps/web/src/config/areas.ts): `{ path: '/X', roles: ['admin', ...] }`.
 */
export function areaPageEntries(): { path: string; roles: StaffRole[] }[] {
  return (Object.keys(AREAS) as StaffRole[]).flatMap((role) =>
    areaPages(AREAS[role]).map((entry) => ({ path: entry.path, roles: [role] })),
  );
}

/** Every path of a staff role's area: its menu links and its pages outside the menu. */
export function staffPaths(role: StaffRole): string[] {
  return areaPages(AREAS[role]).map((entry) => entry.path);
}

/** The customer's pages (the storefront routes behind RequireRole role="customer"). */
export const CUSTOMER_PATHS: string[] = [
  PATHS.customerProfile,
  PATHS.customerCart,
  PATHS.wishlist,
  PATHS.customerAddresses,
  PATHS.checkout,
  PATHS.orderConfirmed,
  PATHS.myOrders,
  `${PATHS.myOrders}/:orderId`,
];

/** The seller without a shop yet: the shop details stepper. */
export const SELLER_WITHOUT_SHOP_PATHS: string[] = [PATHS.shopDetails];

/**
 * The storefront's public pages: every path of PATHS that is neither the customer's nor the new
 * seller's, every role's login page (and the `/DeliveryLogin` alias, `/userLogin` redirect), and
 * an unknown path for the 404 page.
 */
export function publicPaths(): string[] {
  const guarded = new Set([...CUSTOMER_PATHS, ...SELLER_WITHOUT_SHOP_PATHS]);
  const paths: string[] = Object.values(PATHS).filter((each) => !guarded.has(each));
  for (const role of Object.keys(ROLE_AREAS) as Role[]) {
    const login = ROLE_AREAS[role].loginPath;
    if (!paths.some((known) => known.toLowerCase() === login.toLowerCase())) paths.push(login);
  }
  paths.push('/DeliveryLogin', '/userLogin', '/no-such-page');
  return paths;
}

/** One serious or critical violation: the page, the rule id, the elements. */
export interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/**
 * Waits until the page has settled: no request in flight, a first-level heading shown (when the
 * page has one within a few seconds), no skeleton left and every transition over.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(() => document.querySelectorAll('.mantine-Skeleton-root').length === 0, null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the page (or only inside `include`, a CSS selector) and
 * returns its serious and critical violations, labelled with `where`.
 */
export async function scan(page: Page, where: string, include?: string): Promise<Finding[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => {
        // Colour contrast: say which colours, as they differ from element to element.
        const data = node.any[0]?.data as { fgColor?: string; bgColor?: string } | null;
        const colours = data?.fgColor ? ` [${data.fgColor} on ${data.bgColor ?? '?'}]` : '';
        return `${node.target.join(' ')}${colours}`;
      }),
      summary: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? '',
    }));
}

/** Opens `path`, waits for it to settle and scans it. */
export async function visitAndScan(page: Page, pathname: string): Promise<Finding[]> {
  const response = await page.goto(pathname);
  if (response && response.status() >= 500)
    throw new Error(`${pathname}: HTTP ${response.status()}`);
  await settle(page);
  return scan(page, pathname);
}

/** The findings as lines for the failure message: 'page: rule (impact) targets'. */
export function describeFindings(findings: Finding[]): string[] {
  return findings.map(
    (finding) =>
      `${finding.where}: ${finding.rule} (${finding.impact}) ${finding.targets.join(' | ')} — ${finding.summary}`,
  );
}
