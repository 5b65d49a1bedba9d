import { type MarkupOverride, type MarkupOverrideRequest, markupOverrideMessages } from '@slat/contracts';
import type { Db } from '../../db/database';
import { fieldError, notFound } from '../../lib/app-error';
import * as repo from './markup-overrides.repository';

export type MarkupOverrideInput = Omit<MarkupOverrideRequest, 'selectedId' | 'adjustmentValue'> & {
  selectedId: number | null;
  adjustmentValue: string;
};

async function toView(db: Db, accountId: number, row: repo.MarkupOverrideRow): Promise<MarkupOverride> {
  const base = {
    id: row.id,
    overrideType: row.overrideType,
    adjustmentType: row.adjustmentType,
    adjustmentValue: row.adjustmentValue,
  };
  if (row.overrideType === 'PRODUCT' && row.productId !== null) {
    const [p] = await repo.findDealerProducts(db, accountId, { productId: row.productId });
    return {
      ...base,
      selectedId: row.productId,
      context: {
        product: { id: row.productId, productName: p?.productName ?? '', brandName: p?.brandName ?? '' },
      },
    };
  }
  const c = await repo.findCategory(db, row.categoryId ?? 0);
  return {
    ...base,
    selectedId: row.categoryId ?? 0,
    context: { category: { id: row.categoryId ?? 0, name: c?.name ?? '' } },
  };
}

/** The target must be a product the dealer can buy or an existing category, without an override yet. */
async function checkTarget(db: Db, accountId: number, input: MarkupOverrideInput, exceptId?: number) {
  const selectedId = input.selectedId!;
  if (input.overrideType === 'PRODUCT') {
    const [product] = await repo.findDealerProducts(db, accountId, { productId: selectedId });
    if (!product) throw fieldError('selectedId', 'Product not found');
  } else if (!(await repo.findCategory(db, selectedId))) {
    throw fieldError('selectedId', 'Category not found');
  }
  if (await repo.isTargetTaken(db, accountId, { overrideType: input.overrideType, selectedId }, exceptId)) {
    throw fieldError(
      'selectedId',
      input.overrideType === 'PRODUCT'
        ? markupOverrideMessages.productTaken
        : markupOverrideMessages.categoryTaken,
    );
  }
}

const columns = (input: MarkupOverrideInput): repo.MarkupOverrideColumns => ({
  overrideType: input.overrideType,
  productId: input.overrideType === 'PRODUCT' ? input.selectedId : null,
  categoryId: input.overrideType === 'CATEGORY' ? input.selectedId : null,
  adjustmentType: input.adjustmentType,
  adjustmentValue: input.adjustmentValue,
});

/** A unique-index race (two saves at once) answers the same message as the check. */
function isUniqueViolation(error: unknown): boolean {
  return (
    (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505'
  );
}

export async function listOverrides(db: Db, accountId: number): Promise<MarkupOverride[]> {
  const rows = await repo.findOverrides(db, accountId);
  return Promise.all(rows.map((r) => toView(db, accountId, r)));
}

/** What an override can target: categories and the dealer's products (50 at most), by name. */
export async function overrideOptions(
  db: Db,
  accountId: number,
  search: string | undefined,
): Promise<{ categories: repo.Category[]; products: repo.DealerProduct[] }> {
  const text = search || undefined;
  const categories = await repo.findCategories(db, text);
  const products = await repo.findDealerProducts(db, accountId, { search: text, limit: 50 });
  return { categories, products };
}

export async function addOverride(
  db: Db,
  accountId: number,
  input: MarkupOverrideInput,
): Promise<MarkupOverride> {
  await checkTarget(db, accountId, input);
  try {
    return toView(db, accountId, await repo.insertOverride(db, accountId, columns(input)));
  } catch (error) {
    if (isUniqueViolation(error)) await checkTarget(db, accountId, input);
    throw error;
  }
}

export async function editOverride(
  db: Db,
  accountId: number,
  id: number,
  input: MarkupOverrideInput,
): Promise<MarkupOverride> {
  if (!(await repo.overrideExists(db, accountId, id))) throw notFound('Markup override not found');
  await checkTarget(db, accountId, input, id);
  return toView(db, accountId, await repo.updateOverride(db, accountId, id, columns(input)));
}

export async function removeOverride(db: Db, accountId: number, id: number): Promise<{ success: true }> {
  if (!(await repo.deleteOverride(db, accountId, id))) throw notFound('Markup override not found');
  return { success: true };
}
