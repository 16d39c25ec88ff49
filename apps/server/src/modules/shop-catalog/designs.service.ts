import {
  PRODUCT_IMAGES_MAX,
  SHOP_CATALOG_MESSAGES,
  SIZE_LABELS,
  SIZES,
  suggestHsnClass,
  type DesignCreated,
  type DesignInput,
  type DesignUpdate,
  type ProductVariant,
  type ShopDesign,
  type ShopDesignWithVariants,
  type SizeLabel,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { AppError, isUniqueViolation, refusal, validationError } from '../../platform/errors.js';
import { refreshDesignSummary } from './design-summary.js';
import { IMAGES_FIELD, type ProductImageStore } from './product-image-store.js';
import { recordProductStockMovements } from './product-stock-ledger.js';
import * as repo from './shop-catalog.repo.js';

/** What the design methods need: the database, the image store and the storefront's cache. */
export interface DesignDeps {
  db: Db;
  images: ProductImageStore;
  /** Forgets the storefront's cached totals after a write. */
  invalidate(): void;
}

function designNotFound(): AppError {
  return new AppError('NOT_FOUND', SHOP_CATALOG_MESSAGES.designNotFound);
}

function measuresOf(size: SizeLabel) {
  const measure = SIZES.find((entry) => entry.label === size)!;
  return { chestInches: measure.chestInches, lengthCm: measure.lengthCm };
}

/** Letters and digits of `text`, upper case, at most `max`: 'Navy Blue' -> 'NAVYBLUE'. */
function skuPart(text: string, max: number): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, max) || 'X'
  );
}

/** The readable SKU of a variant: `POLOSHIRT-RED-M` (name, colour, size). */
export function readableSku(name: string, colour: string, size: string): string {
  return `${skuPart(name, 16)}-${skuPart(colour, 12)}-${size}`;
}

/** The constraint a database error names (drizzle wraps the driver's error as its cause). */
function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const sizeRank = new Map<string, number>(SIZE_LABELS.map((label, index) => [label, index]));

/** Variants by colour (any case) then the SIZES order, as every design answer lists them. */
function ordered<T extends { colour: string; size: string; id: number }>(variants: T[]): T[] {
  return [...variants].sort(
    (a, b) =>
      a.colour.toLowerCase().localeCompare(b.colour.toLowerCase()) ||
      sizeRank.get(a.size)! - sizeRank.get(b.size)! ||
      a.id - b.id,
  );
}

/**
 * The design methods of the shop catalog service (docs/shop-catalog.md "Designs"): a design
 * and its variants are written in one transaction; quantities move through the stock ledger;
 * the card aggregates are refreshed before the commit.
 */
export function createDesignMethods({ db, images, invalidate }: DesignDeps) {
  /**
   * Company and name from the shop's lists (canonical spelling), every colour from its colour
   * list; a missing one is refused on its own field (`variants.3.colour`).
   */
  async function requireListedDesign(
    tx: Db | Tx,
    shopId: number,
    input: { company: string; name: string; variants: readonly { colour: string }[] },
  ) {
    const [companies, names, colours] = await Promise.all([
      repo.findListEntriesByNames(tx, 'companies', shopId, [input.company]),
      repo.findListEntriesByNames(tx, 'product-names', shopId, [input.name]),
      repo.findListEntriesByNames(
        tx,
        'colours',
        shopId,
        input.variants.map((variant) => variant.colour),
      ),
    ]);
    const fields: Record<string, string> = {};
    const company = companies.get(input.company.toLowerCase());
    const name = names.get(input.name.toLowerCase());
    if (!company) fields.company = SHOP_CATALOG_MESSAGES.notInList('company');
    if (!name) fields.name = SHOP_CATALOG_MESSAGES.notInList('product name');
    const variantColours = input.variants.map((variant, index) => {
      const colour = colours.get(variant.colour.toLowerCase());
      if (!colour) fields[`variants.${index}.colour`] = SHOP_CATALOG_MESSAGES.notInList('colour');
      return colour ?? variant.colour;
    });
    if (Object.keys(fields).length > 0) throw validationError(fields);
    return { company: company!, name: name!, colours: variantColours };
  }

  /** 409 SKU_TAKEN on the first variant whose SKU another product of the shop holds. */
  function skuTaken(index: number): AppError {
    return refusal('SKU_TAKEN', SHOP_CATALOG_MESSAGES.skuTaken, {
      [`variants.${index}.sku`]: SHOP_CATALOG_MESSAGES.skuTaken,
    });
  }

  /**
   * Refuses SKUs that other products of the shop hold (`own`: the design's variants, which may
   * keep theirs or swap them).
   */
  async function checkSkus(
    tx: Tx,
    shopId: number,
    skus: readonly string[],
    own: ReadonlySet<number>,
  ): Promise<void> {
    const taken = await repo.findSkusTaken(tx, shopId, skus);
    const foreign = new Set(taken.filter((row) => !own.has(row.id)).map((row) => row.sku));
    const clash = skus.findIndex((sku) => foreign.has(sku));
    if (clash >= 0) throw skuTaken(clash);
  }

  /**
   * SKUs for variants sent without one: `NAME-COLOUR-SIZE`, then `-2`, `-3` ... while the shop or
   * this request already has it.
   */
  async function assignSkus(
    tx: Tx,
    shopId: number,
    name: string,
    variants: readonly { sku?: string | undefined; colour: string; size: string }[],
  ): Promise<string[]> {
    const bases = variants.map((variant) => readableSku(name, variant.colour, variant.size));
    const candidates = bases.flatMap((base) => [
      base,
      ...Array.from({ length: 20 }, (_, n) => `${base}-${n + 2}`),
    ]);
    const used = new Set(
      (await repo.findSkusTaken(tx, shopId, [...new Set(candidates)])).map((row) => row.sku),
    );
    for (const variant of variants) if (variant.sku) used.add(variant.sku);
    return variants.map((variant, index) => {
      if (variant.sku) return variant.sku;
      const base = bases[index]!;
      let sku = base;
      for (let n = 2; used.has(sku); n += 1) sku = `${base}-${n}`.slice(0, 40);
      used.add(sku);
      return sku;
    });
  }

  /** Maps a unique violation on the shop's SKUs (a concurrent save) to 409 on the first variant. */
  async function guardSkus<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error) && violatedConstraint(error) === 'products_shop_sku_uq') {
        throw skuTaken(0);
      }
      throw error;
    }
  }

  async function loadDesign(shopId: number, designId: number): Promise<ShopDesignWithVariants> {
    const design = await repo.findShopDesign(db, shopId, designId);
    if (!design) throw designNotFound();
    const [shared, variants] = await Promise.all([
      repo.findDesignImages(db, designId),
      repo.findDesignVariantRows(db, designId),
    ]);
    return {
      design: {
        ...design,
        category: design.category as ShopDesign['category'],
        style: design.style as ShopDesign['style'],
        material: design.material as ShopDesign['material'],
        hsnClass: design.hsnClass as ShopDesign['hsnClass'],
        placement: design.placement as ShopDesign['placement'],
        sizes: design.sizes as ShopDesign['sizes'],
        minPricePaise: Number(design.minPricePaise),
        maxPricePaise: Number(design.maxPricePaise),
        images: shared.map(images.toImage),
      },
      variants: ordered(variants).map(toVariant),
    };
  }

  const toVariant = (row: {
    id: number;
    sku: string;
    size: string;
    colour: string;
    mrpPaise: number;
    pricePaise: number;
    stockQuantity: number;
  }): ProductVariant => ({
    id: row.id,
    sku: row.sku,
    size: row.size as ProductVariant['size'],
    colour: row.colour,
    mrpPaise: Number(row.mrpPaise),
    pricePaise: Number(row.pricePaise),
    stockQuantity: row.stockQuantity,
  });

  return {
    /**
     * Adds a design with its variants (docs/shop-catalog.md "Designs"), one transaction: the
     * design row, one products row per variant (the design's fields copied; chest and length
     * from the size; SKU generated when missing), each variant's quantity through the stock
     * ledger ('listed'), then the card aggregates.
     * @throws AppError 400 (a name, company or colour not in the shop's lists, on its field),
     *   409 SKU_TAKEN (`variants.N.sku`).
     */
    async createDesign(shopId: number, input: DesignInput): Promise<DesignCreated> {
      const listed = await requireListedDesign(db, shopId, input);
      const designId = await guardSkus(() =>
        db.transaction(async (tx) => {
          const given = input.variants.flatMap((variant) => (variant.sku ? [variant.sku] : []));
          await checkSkus(tx, shopId, given, new Set());
          const fields = {
            company: listed.company,
            name: listed.name,
            category: input.category,
            style: input.style,
            material: input.material,
            description: input.description,
            hsnClass:
              input.hsnClass ??
              suggestHsnClass({
                name: listed.name,
                category: input.category,
                material: input.material,
              }),
            placement: 'normal',
          };
          const id = await repo.insertDesign(tx, { shopId, ...fields });
          const variants = input.variants.map((variant, index) => ({
            ...variant,
            colour: listed.colours[index]!,
          }));
          const skus = await assignSkus(tx, shopId, listed.name, variants);
          const ids = await repo.insertVariants(
            tx,
            variants.map((variant, index) => ({
              shopId,
              designId: id,
              ...fields,
              sku: skus[index]!,
              colour: variant.colour,
              size: variant.size,
              ...measuresOf(variant.size),
              mrpPaise: variant.mrpPaise,
              pricePaise: variant.pricePaise,
            })),
          );
          await recordProductStockMovements(
            tx,
            ids.map((productId, index) => ({
              productId,
              setTo: variants[index]!.quantity,
              kind: 'listed' as const,
            })),
          );
          await refreshDesignSummary(tx, [id]);
          return id;
        }),
      );
      invalidate();
      const saved = await loadDesign(shopId, designId);
      return { designId, variants: saved.variants };
    },

    /**
     * A design of the shop with its live variants.
     * @throws AppError 404 'Design not found' (another shop's, archived or unknown).
     */
    getDesign: loadDesign,

    /**
     * Saves a whole design in one transaction (docs/shop-catalog.md "Designs"): its fields,
     * copied to its variants; variants with `id` updated (size, colour, SKU, MRP, price),
     * without `id` added, live variants not listed archived; every quantity through the stock
     * ledger ('edit' or 'listed'); the card aggregates refreshed.
     * @throws AppError 404 (not this shop's design), 400 (`variants.N.id` of another design,
     *   names not in the lists), 409 SKU_TAKEN (`variants.N.sku`).
     */
    async updateDesign(
      shopId: number,
      designId: number,
      input: DesignUpdate,
    ): Promise<ShopDesignWithVariants> {
      const listed = await requireListedDesign(db, shopId, input);
      await guardSkus(() =>
        db.transaction(async (tx) => {
          if (!(await repo.lockShopDesign(tx, shopId, designId))) throw designNotFound();
          const current = await repo.lockDesignVariants(tx, designId);
          const byId = new Map(current.map((variant) => [variant.id, variant]));
          const fields: Record<string, string> = {};
          input.variants.forEach((variant, index) => {
            if (variant.id !== undefined && !byId.has(variant.id)) {
              fields[`variants.${index}.id`] = SHOP_CATALOG_MESSAGES.variantNotInDesign;
            }
          });
          if (Object.keys(fields).length > 0) throw validationError(fields);
          await checkSkus(
            tx,
            shopId,
            input.variants.map((variant) => variant.sku),
            new Set(byId.keys()),
          );
          const design = {
            company: listed.company,
            name: listed.name,
            category: input.category,
            style: input.style,
            material: input.material,
            description: input.description,
            ...(input.hsnClass ? { hsnClass: input.hsnClass } : {}),
          };
          await repo.updateDesignFields(tx, designId, design);

          const kept = new Set(input.variants.flatMap((variant) => variant.id ?? []));
          const gone = current.filter((variant) => !kept.has(variant.id)).map((v) => v.id);
          const updates = input.variants.flatMap((variant, index) =>
            variant.id === undefined ? [] : [{ ...variant, id: variant.id, index }],
          );
          // Variants whose size, colour or SKU change leave the unique indexes first (archived
          // for a moment, then written back live), so two variants may swap sizes or SKUs.
          const moving = updates.filter((variant) => {
            const before = byId.get(variant.id)!;
            return (
              before.size !== variant.size ||
              before.colour.toLowerCase() !== listed.colours[variant.index]!.toLowerCase() ||
              before.sku !== variant.sku
            );
          });
          await repo.archiveVariants(tx, designId, [...gone, ...moving.map((v) => v.id)]);
          await repo.releaseSkus(
            tx,
            moving.map((variant) => variant.id),
          );
          await repo.updateVariants(
            tx,
            designId,
            updates.map((variant) => ({
              id: variant.id,
              sku: variant.sku,
              size: variant.size,
              ...measuresOf(variant.size),
              colour: listed.colours[variant.index]!,
              mrpPaise: variant.mrpPaise,
              pricePaise: variant.pricePaise,
            })),
          );
          const added = input.variants.flatMap((variant, index) =>
            variant.id === undefined ? [{ ...variant, index }] : [],
          );
          const snapshot = await repo.findDesignFields(tx, designId);
          const addedIds = await repo.insertVariants(
            tx,
            added.map((variant) => ({
              shopId,
              designId,
              ...snapshot,
              sku: variant.sku,
              colour: listed.colours[variant.index]!,
              size: variant.size,
              ...measuresOf(variant.size),
              mrpPaise: variant.mrpPaise,
              pricePaise: variant.pricePaise,
            })),
          );
          await recordProductStockMovements(tx, [
            ...updates.map((variant) => ({
              productId: variant.id,
              setTo: variant.quantity,
              kind: 'edit' as const,
            })),
            ...addedIds.map((productId, index) => ({
              productId,
              setTo: added[index]!.quantity,
              kind: 'listed' as const,
            })),
          ]);
          await refreshDesignSummary(tx, [designId]);
        }),
      );
      invalidate();
      return loadDesign(shopId, designId);
    },

    /**
     * Adds images shared by every variant of a design (at most 6 shared), checked like Add
     * Product's; all or nothing. Answers the design.
     * @throws AppError 404, 400 (no file, bad type, too many).
     */
    async addDesignImages(
      shopId: number,
      designId: number,
      files: readonly Buffer[],
    ): Promise<ShopDesignWithVariants> {
      if (files.length === 0) {
        throw validationError({ [IMAGES_FIELD]: SHOP_CATALOG_MESSAGES.imagesRequired });
      }
      if (!(await repo.findShopDesign(db, shopId, designId))) throw designNotFound();
      await images.withStoredImages(shopId, files, (stored) =>
        db.transaction(async (tx) => {
          if (!(await repo.lockShopDesign(tx, shopId, designId))) throw designNotFound();
          const existing = await repo.findDesignImages(tx, designId);
          if (existing.length + stored.length > PRODUCT_IMAGES_MAX) {
            throw validationError({ [IMAGES_FIELD]: SHOP_CATALOG_MESSAGES.imagesTooMany });
          }
          const next = Math.max(-1, ...existing.map((image) => image.position)) + 1;
          await repo.insertImages(
            tx,
            { designId, productId: null },
            stored.map((image, index) => ({ ...image, position: next + index })),
          );
        }),
      );
      invalidate();
      return loadDesign(shopId, designId);
    },

    /** The shop's low-stock level `{ threshold }` (units). */
    async getLowStockThreshold(shopId: number): Promise<{ threshold: number }> {
      return { threshold: await repo.findLowStockThreshold(db, shopId) };
    },

    /** Sets the shop's low-stock level (units, 0-100000); answers it. */
    async setLowStockThreshold(shopId: number, threshold: number): Promise<{ threshold: number }> {
      await repo.setLowStockThreshold(db, shopId, threshold);
      return { threshold };
    },
  };
}
