import { randomUUID } from 'node:crypto';
import {
  PRODUCT_IMAGES_MAX,
  SHOP_CATALOG_MESSAGES,
  SHOP_LISTS,
  SHOP_PRODUCTS_PAGE_SIZE,
  SIZES,
  SLIDER_LIST_LIMIT_MAX,
  type ProductImage,
  type ProductInput,
  type ProductUpdate,
  type ShopList,
  type ShopListEntry,
  type ShopListKind,
  type ShopProduct,
  type ShopProductDeleted,
  type ShopProductFilters,
  type ShopProductPage,
  type ShopProductQuery,
  type ShopProductSaved,
  type ShopSlider,
  type ShopSliderQuery,
  type Placement,
  suggestHsnClass,
  type ProductCard,
  type SizeLabel,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { AppError, isUniqueViolation, refusal, validationError } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage.js';
import { refreshDesignSummary } from './design-summary.js';
import { createDesignMethods } from './designs.service.js';
import { createProductImageStore, IMAGES_FIELD } from './product-image-store.js';
import { recordProductStockMovements } from './product-stock-ledger.js';
import * as repo from './shop-catalog.repo.js';

/** Dependencies of the shop catalog service. */
export interface ShopCatalogDeps {
  db: Db;
  storage: FileStorage;
  /** The storefront catalog: its cache is forgotten after every product write. */
  catalog: StorefrontCatalog;
}

/**
 * What the shop catalog needs of the storefront catalog (modules/catalog's service, passed in by
 * app.ts; described here rather than imported so the catalog, which ranks best sellers from
 * orders, and the orders module, which changes stock through this module, never depend on
 * each other in a circle).
 */
export interface StorefrontCatalog {
  /** Forgets cached totals, bounds and the best-seller ranking (call after products change). */
  invalidate(): void;
  /** A home slider as the storefront shows it, at most `limit` cards. */
  listSliderProducts(
    placement: Exclude<Placement, 'normal'>,
    limit: number,
  ): Promise<ProductCard[]>;
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'Product not found');
}

function measuresOf(size: SizeLabel) {
  const measure = SIZES.find((entry) => entry.label === size)!;
  return { chestInches: measure.chestInches, lengthCm: measure.lengthCm };
}

/** A product code unique within the shop, e.g. `MEN-M-3F9A1C2B` (category, size, random). */
function newSku(category: string, size: string): string {
  const prefix = category
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
  return `${prefix}-${size}-${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** Builds the shop catalog service (docs/shop-catalog.md). */
export function createShopCatalogService({ db, storage, catalog }: ShopCatalogDeps) {
  const images = createProductImageStore(storage);
  const toProduct = (row: repo.ShopProductRow): ShopProduct => {
    const { thumbnailPath, ...rest } = row;
    return {
      ...rest,
      category: rest.category as ShopProduct['category'],
      style: rest.style as ShopProduct['style'],
      material: rest.material as ShopProduct['material'],
      hsnClass: rest.hsnClass as ShopProduct['hsnClass'],
      size: rest.size as ShopProduct['size'],
      placement: rest.placement as ShopProduct['placement'],
      imageCount: Number(rest.imageCount),
      thumbnailUrl: thumbnailPath ? storage.urlFor(thumbnailPath) : null,
    };
  };

  const loadProduct = async (shopId: number, productId: number): Promise<ShopProduct> => {
    const row = await repo.findShopProduct(db, shopId, productId);
    if (!row) throw notFound();
    return toProduct(row);
  };

  /** The pick-list checks of a product's company, name and colour (only those given). */
  async function requireListed(
    tx: Db | Tx,
    shopId: number,
    input: Partial<Pick<ProductInput, 'company' | 'name' | 'colour'>>,
  ): Promise<Partial<Pick<ProductInput, 'company' | 'name' | 'colour'>>> {
    const checks: [keyof typeof input, ShopListKind][] = [
      ['company', 'companies'],
      ['name', 'product-names'],
      ['colour', 'colours'],
    ];
    const fields: Record<string, string> = {};
    const canonical: Partial<Pick<ProductInput, 'company' | 'name' | 'colour'>> = {};
    for (const [field, kind] of checks) {
      const value = input[field];
      if (value === undefined) continue;
      const entry = await repo.findListEntryByName(tx, kind, shopId, value);
      if (entry) canonical[field] = entry.name;
      else fields[field] = SHOP_CATALOG_MESSAGES.notInList(SHOP_LISTS[kind].label);
    }
    if (Object.keys(fields).length > 0) throw validationError(fields);
    return canonical;
  }

  const { removeFiles, withStoredImages, toImage } = images;

  return {
    ...createDesignMethods({ db, images, invalidate: () => catalog.invalidate() }),

    /** A pick-list of the shop, A-Z, filtered by a case-insensitive name search. */
    async listEntries(kind: ShopListKind, shopId: number, search?: string): Promise<ShopList> {
      return { items: await repo.findListEntries(db, kind, shopId, search) };
    },

    /**
     * Adds a name to one of the shop's pick-lists (docs/shop-catalog.md).
     * @throws AppError 400 when the name is longer than the list allows (colours 40, else 80);
     *   409 'This colour is already in your list' when taken, ignoring case.
     */
    async addEntry(kind: ShopListKind, shopId: number, name: string): Promise<ShopListEntry> {
      const list = SHOP_LISTS[kind];
      if (name.length > list.maxChars) {
        throw validationError({ name: `Name must be at most ${list.maxChars} characters` });
      }
      const taken = () =>
        refusal('NAME_TAKEN', SHOP_CATALOG_MESSAGES.nameTaken(list.label), {
          name: SHOP_CATALOG_MESSAGES.nameTaken(list.label),
        });
      if (await repo.findListEntryByName(db, kind, shopId, name)) throw taken();
      try {
        return await repo.insertListEntry(db, kind, shopId, name);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    /**
     * Deletes an entry of the shop's list. Products keep the name they were saved with.
     * @throws AppError 404 when the shop has no such entry.
     */
    async deleteEntry(kind: ShopListKind, shopId: number, id: number): Promise<void> {
      if (!(await repo.deleteListEntry(db, kind, shopId, id))) {
        throw new AppError('NOT_FOUND', 'Not found');
      }
    },

    /**
     * Adds a product with 1..6 images (docs/shop-catalog.md): company, name and colour must be in
     * the shop's lists; chest and length follow the size; the SKU is generated. All or nothing: the
     * images are checked and re-encoded before the transaction and deleted if it fails.
     * @throws AppError 400 (fields, images type or count), 413 (an image over 5 MB, raised by
     *   the multipart reader).
     */
    async addProduct(
      shopId: number,
      input: ProductInput,
      files: readonly Buffer[],
    ): Promise<ShopProductSaved> {
      if (files.length === 0) {
        throw validationError({ [IMAGES_FIELD]: SHOP_CATALOG_MESSAGES.imagesRequired });
      }
      if (files.length > PRODUCT_IMAGES_MAX) {
        throw validationError({ [IMAGES_FIELD]: SHOP_CATALOG_MESSAGES.imagesTooMany });
      }
      const listed = await requireListed(db, shopId, input);
      // One product is a design of one variant; its images are the design's, shared by the
      // variants the seller adds later (docs/shop-catalog.md "Designs").
      const productId = await withStoredImages(shopId, files, (stored) =>
        db.transaction(async (tx) => {
          const design = {
            company: listed.company ?? input.company,
            name: listed.name ?? input.name,
            category: input.category,
            style: input.style,
            material: input.material,
            description: input.description,
            // The seller's HSN class, or the suggestion the form shows while untouched.
            hsnClass:
              input.hsnClass ??
              suggestHsnClass({
                name: listed.name ?? input.name,
                category: input.category,
                material: input.material,
              }),
            placement: 'normal',
          };
          const designId = await repo.insertDesign(tx, { shopId, ...design });
          const id = await repo.insertProduct(tx, {
            shopId,
            designId,
            sku: newSku(input.category, input.size),
            ...design,
            colour: listed.colour ?? input.colour,
            size: input.size,
            ...measuresOf(input.size),
            mrpPaise: input.mrpPaise,
            pricePaise: input.pricePaise,
          });
          await recordProductStockMovements(tx, [
            { productId: id, setTo: input.quantity, kind: 'listed' },
          ]);
          await repo.insertImages(
            tx,
            { designId, productId: null },
            stored.map((image, position) => ({ ...image, position })),
          );
          await refreshDesignSummary(tx, [designId]);
          return id;
        }),
      );
      catalog.invalidate();
      return {
        message: SHOP_CATALOG_MESSAGES.productAdded,
        product: await loadProduct(shopId, productId),
      };
    },

    /** All Stock: 10 of the shop's live products per page, newest first, with the filters. */
    async listProducts(shopId: number, query: ShopProductQuery): Promise<ShopProductPage> {
      const pageSize = SHOP_PRODUCTS_PAGE_SIZE;
      const [{ rows, total }, lowStockThreshold] = await Promise.all([
        repo.findShopProducts(db, shopId, query, pageSize),
        repo.findLowStockThreshold(db, shopId),
      ]);
      return {
        items: rows.map(toProduct),
        lowStockThreshold,
        page: query.page,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    /** The distinct company, product, category, size and colour values of the shop's products. */
    async filterValues(shopId: number): Promise<ShopProductFilters> {
      return repo.findFilterValues(db, shopId);
    },

    /**
     * One product of the shop (getProductInfo).
     * @throws AppError 404 for another shop's, an archived or an unknown product.
     */
    getProduct: loadProduct,

    /**
     * Changes the fields sent (updateProduct); the others keep their values. The product is one
     * variant: its design's fields (company, name, category, style, material, description, HSN
     * class) change for the whole design and are copied to every variant; size, colour, MRP,
     * price and quantity change this variant only. A new size brings its chest and length;
     * company, name and colour must be in the shop's lists; the price may not exceed the MRP
     * after the change. Answers 'Product updated !!!'.
     * @throws AppError 404 (not this shop's), 400 (fields, price above MRP, a size and colour
     *   another live variant of the design has).
     */
    async updateProduct(
      shopId: number,
      productId: number,
      input: ProductUpdate,
    ): Promise<ShopProductSaved> {
      await db.transaction(async (tx) => {
        const current = await repo.lockShopProduct(tx, shopId, productId);
        if (!current) throw notFound();
        const mrp = input.mrpPaise ?? current.mrpPaise;
        const price = input.pricePaise ?? current.pricePaise;
        if (price > mrp) {
          throw validationError({ pricePaise: SHOP_CATALOG_MESSAGES.priceAboveMrp(mrp) });
        }
        const listed = await requireListed(tx, shopId, input);
        const { quantity, size, colour: _colour, mrpPaise, pricePaise, ...designInput } = input;
        const colour = listed.colour ?? input.colour;
        const pairChanged =
          (size !== undefined && size !== current.size) ||
          (colour !== undefined && colour.toLowerCase() !== current.colour.toLowerCase());
        if (pairChanged) {
          const variants = await repo.lockDesignVariants(tx, current.designId);
          const pair = `${size ?? current.size}|${(colour ?? current.colour).toLowerCase()}`;
          if (
            variants.some(
              (variant) =>
                variant.id !== productId &&
                `${variant.size}|${variant.colour.toLowerCase()}` === pair,
            )
          ) {
            throw validationError({ colour: SHOP_CATALOG_MESSAGES.variantRepeated });
          }
        }
        await repo.updateDesignFields(tx, current.designId, {
          ...designInput,
          ...(listed.company ? { company: listed.company } : {}),
          ...(listed.name ? { name: listed.name } : {}),
        });
        await repo.updateProduct(tx, productId, {
          ...(mrpPaise !== undefined ? { mrpPaise } : {}),
          ...(pricePaise !== undefined ? { pricePaise } : {}),
          ...(colour !== undefined ? { colour } : {}),
          ...(size ? { size, ...measuresOf(size) } : {}),
        });
        if (quantity !== undefined) {
          await recordProductStockMovements(tx, [{ productId, setTo: quantity, kind: 'edit' }]);
        }
        await refreshDesignSummary(tx, [current.designId]);
      });
      catalog.invalidate();
      return {
        message: SHOP_CATALOG_MESSAGES.productUpdated,
        product: await loadProduct(shopId, productId),
      };
    },

    /** A product's images (getProductImage). @throws AppError 404 when not this shop's. */
    async listImages(shopId: number, productId: number): Promise<{ items: ProductImage[] }> {
      await loadProduct(shopId, productId);
      return { items: (await repo.findImages(db, productId)).map(toImage) };
    },

    /**
     * Adds images to a product, up to 6 in all, checked like Add Product's; all or nothing.
     * @throws AppError 404 (not this shop's), 400 (no file, bad type, more than 6 in all).
     */
    async addImages(
      shopId: number,
      productId: number,
      files: readonly Buffer[],
    ): Promise<{ items: ProductImage[] }> {
      if (files.length === 0) {
        throw validationError({ [IMAGES_FIELD]: SHOP_CATALOG_MESSAGES.imagesRequired });
      }
      const product = await loadProduct(shopId, productId);
      if (product.imageCount + files.length > PRODUCT_IMAGES_MAX) {
        throw validationError({ [IMAGES_FIELD]: SHOP_CATALOG_MESSAGES.imagesTooMany });
      }
      await withStoredImages(shopId, files, (stored) =>
        db.transaction(async (tx) => {
          const locked = await repo.lockShopProduct(tx, shopId, productId);
          if (!locked) throw notFound();
          const existing = await repo.findImages(tx, productId);
          if (existing.length + stored.length > PRODUCT_IMAGES_MAX) {
            throw validationError({ [IMAGES_FIELD]: SHOP_CATALOG_MESSAGES.imagesTooMany });
          }
          const own = existing.filter((image) => image.productId !== null);
          const next = Math.max(-1, ...own.map((image) => image.position)) + 1;
          // Added through a product, they are that variant's own pictures.
          await repo.insertImages(
            tx,
            { designId: locked.designId, productId },
            stored.map((image, index) => ({ ...image, position: next + index })),
          );
        }),
      );
      catalog.invalidate();
      return { items: (await repo.findImages(db, productId)).map(toImage) };
    },

    /**
     * Deletes one image of a product and its files; the last image stays.
     * @throws AppError 404 (not this shop's product or image), 422 for the last image.
     */
    async deleteImage(
      shopId: number,
      productId: number,
      imageId: number,
    ): Promise<{ items: ProductImage[] }> {
      const removed = await db.transaction(async (tx) => {
        const locked = await repo.lockShopProduct(tx, shopId, productId);
        if (!locked) throw notFound();
        await repo.lockShopDesign(tx, shopId, locked.designId);
        const shown = await repo.findImages(tx, productId);
        const image = shown.find((entry) => entry.id === imageId);
        if (!image) throw new AppError('NOT_FOUND', 'Image not found');
        if (shown.length <= 1) {
          throw refusal('LAST_PRODUCT_IMAGE', SHOP_CATALOG_MESSAGES.lastImage);
        }
        // A shared image is every bare variant's picture too: its last one stays.
        if (image.productId === null) {
          const shared = shown.filter((entry) => entry.productId === null).length;
          if (shared <= 1 && (await repo.countVariantsWithoutOwnImages(tx, locked.designId)) > 0) {
            throw refusal('LAST_PRODUCT_IMAGE', SHOP_CATALOG_MESSAGES.lastImage);
          }
        }
        return repo.deleteImage(tx, locked.designId, imageId);
      });
      if (removed) await removeFiles([removed]);
      catalog.invalidate();
      return { items: (await repo.findImages(db, productId)).map(toImage) };
    },

    /**
     * Deletes a product (deleteProduct): one that was ever ordered is archived (hidden from the
     * storefront and All Stock, kept for its orders); any other is erased with its images.
     * @throws AppError 404 when not this shop's.
     */
    async deleteProduct(shopId: number, productId: number): Promise<ShopProductDeleted> {
      const result = await db.transaction(async (tx) => {
        const locked = await repo.lockShopProduct(tx, shopId, productId);
        if (!locked) throw notFound();
        if (await repo.wasOrdered(tx, productId)) {
          await repo.archiveVariants(tx, locked.designId, [productId]);
          await refreshDesignSummary(tx, [locked.designId]);
          return { outcome: 'archived' as const, files: [] };
        }
        const files: { path: string; thumbnailPath: string }[] = (
          await repo.findImages(tx, productId)
        ).filter((image) => image.productId !== null);
        await repo.deleteProduct(tx, productId);
        // The design's last product gone: the design and its shared images go too.
        files.push(...(await repo.deleteDesignIfEmpty(tx, locked.designId)));
        await refreshDesignSummary(tx, [locked.designId]);
        return { outcome: 'deleted' as const, files };
      });
      await removeFiles(result.files);
      catalog.invalidate();
      return { message: SHOP_CATALOG_MESSAGES.productDeleted, outcome: result.outcome };
    },

    /**
     * Sets where a product appears on the home page (setWhereToShow): normal, best selling or
     * new arrivals; the storefront sliders follow at once.
     * @throws AppError 404 when not this shop's.
     */
    async setPlacement(
      shopId: number,
      productId: number,
      placement: Placement,
    ): Promise<ShopProductSaved> {
      // The home sliders show designs: the placement is the design's, copied to its variants.
      await db.transaction(async (tx) => {
        const locked = await repo.lockShopProduct(tx, shopId, productId);
        if (!locked) throw notFound();
        await repo.updateDesignFields(tx, locked.designId, { placement });
      });
      catalog.invalidate();
      return {
        message: SHOP_CATALOG_MESSAGES.placementSaved,
        product: await loadProduct(shopId, productId),
      };
    },

    /**
     * View info: the shop's products pinned to a slider, plus (best selling) its top sellers the
     * storefront ranks there, each marked with whether the storefront slider shows it now.
     */
    async sliderView(shopId: number, query: ShopSliderQuery): Promise<ShopSlider> {
      const shown = await catalog.listSliderProducts(query.placement, SLIDER_LIST_LIMIT_MAX);
      // Sliders show designs (one card each): a design's variants count as one entry.
      const shownDesigns = new Set(shown.map((card) => card.designId));
      const pinned = await repo.findShopProductsByPlacement(db, shopId, query.placement);
      const pinnedDesigns = new Set(pinned.map((row) => row.designId));
      const ranked = await repo.findShopProductsByIds(
        db,
        shopId,
        shown
          .filter((card) => card.shopId === shopId && !pinnedDesigns.has(card.designId))
          .map((c) => c.id),
      );
      const seen = new Set<number>();
      return {
        placement: query.placement,
        items: [...pinned, ...ranked]
          .filter((row) => !seen.has(row.designId) && seen.add(row.designId))
          .map((row) => ({
            ...toProduct(row),
            onStorefront: shownDesigns.has(row.designId),
          })),
      };
    },
  };
}

export type ShopCatalogService = ReturnType<typeof createShopCatalogService>;
