import type {
  CatalogQuery,
  Placement,
  ProductCard,
  ProductDetail,
  ProductPage,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage.js';
import {
  findProductDetail,
  findProductPage,
  findProductsByPlacement,
  type ProductCardRow,
} from './catalog.repo.js';

/** Dependencies of the catalog service. */
export interface CatalogDeps {
  db: Db;
  storage: FileStorage;
}

function toCard(row: ProductCardRow, storage: FileStorage): ProductCard {
  const { imagePath, thumbnailPath, ...rest } = row;
  return {
    ...rest,
    rating: Number(rest.rating),
    category: rest.category as ProductCard['category'],
    style: rest.style as ProductCard['style'],
    material: rest.material as ProductCard['material'],
    size: rest.size as ProductCard['size'],
    placement: rest.placement as ProductCard['placement'],
    imageUrl: imagePath ? storage.urlFor(imagePath) : null,
    thumbnailUrl: thumbnailPath ? storage.urlFor(thumbnailPath) : null,
  };
}

/**
 * Lists the product grid (marketplace.md section 2 "Product listing grid", section 5 search
 * rule): contains-search, filters, sort and paging, with the price bounds of the result
 * (ignoring the price filter) for the slider. Input/outputs in paise.
 */
export async function listProducts(deps: CatalogDeps, query: CatalogQuery): Promise<ProductPage> {
  const { rows, total, minPricePaise, maxPricePaise } = await findProductPage(deps.db, query);
  return {
    items: rows.map((row) => toCard(row, deps.storage)),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
    priceBounds:
      minPricePaise === null || maxPricePaise === null ? null : { minPricePaise, maxPricePaise },
  };
}

/** The products a home slider shows (marketplace.md section 2, "Home sliders"), newest first. */
export async function listSliderProducts(
  deps: CatalogDeps,
  placement: Exclude<Placement, 'normal'>,
  limit: number,
): Promise<ProductCard[]> {
  const rows = await findProductsByPlacement(deps.db, placement, limit);
  return rows.map((row) => toCard(row, deps.storage));
}

/**
 * One product with its images (marketplace.md section 2, `/ProductInfo`).
 * @throws AppError NOT_FOUND when the product does not exist or is archived.
 */
export async function getProductDetail(deps: CatalogDeps, productId: number): Promise<ProductDetail> {
  const found = await findProductDetail(deps.db, productId);
  if (!found) throw new AppError('NOT_FOUND', 'Product not found');
  const { chestInches, lengthCm, shopCity, ...cardRow } = found.row;
  return {
    ...toCard(cardRow, deps.storage),
    chestInches,
    lengthCm,
    shopCity,
    images: found.images.map((image) => ({
      id: image.id,
      url: deps.storage.urlFor(image.path),
      thumbnailUrl: deps.storage.urlFor(image.thumbnailPath),
      width: image.width,
      height: image.height,
    })),
  };
}
