import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { markupOverrides, productCategories } from '../../db/schema';

export type MarkupOverrideRow = typeof markupOverrides.$inferSelect;
export type MarkupOverrideColumns = Pick<
  typeof markupOverrides.$inferInsert,
  'overrideType' | 'productId' | 'categoryId' | 'adjustmentType' | 'adjustmentValue'
>;
export type DealerProduct = { id: number; productName: string; brandName: string };
export type Category = { id: number; name: string };

/** Products the dealer can buy (linked suppliers), each with its name and brand in the latest catalog version. */
export async function findDealerProducts(
  db: Db,
  accountId: number,
  opts: { search?: string | undefined; productId?: number; limit?: number } = {},
): Promise<DealerProduct[]> {
  const { rows } = await db.execute<{ id: number; product_name: string; brand_name: string }>(sql`
    SELECT DISTINCT ON (p.id) p.id, pv.name AS product_name, b.name AS brand_name
    FROM products p
    JOIN manufacturer_customers mc ON mc.manufacturer_id = p.manufacturer_id AND mc.account_id = ${accountId}
    JOIN product_versions pv ON pv.product_id = p.id
    JOIN catalog_versions cv ON cv.id = pv.catalog_version_id
    JOIN brands b ON b.id = pv.brand_id
    WHERE (${opts.productId ?? null}::int IS NULL OR p.id = ${opts.productId ?? null}::int)
      AND (${opts.search ?? null}::text IS NULL OR pv.name ILIKE '%' || ${opts.search ?? null}::text || '%'
           OR b.name ILIKE '%' || ${opts.search ?? null}::text || '%')
    ORDER BY p.id, cv.number DESC
    LIMIT ${opts.limit ?? 1000}`);
  return rows.map((r) => ({ id: r.id, productName: r.product_name, brandName: r.brand_name }));
}

export async function findCategory(db: Db, id: number): Promise<Category | undefined> {
  const [c] = await db
    .select({ id: productCategories.id, name: productCategories.name })
    .from(productCategories)
    .where(eq(productCategories.id, id));
  return c;
}

/** Product categories in their order, those whose name contains `search` when given. */
export function findCategories(db: Db, search?: string): Promise<Category[]> {
  return db
    .select({ id: productCategories.id, name: productCategories.name })
    .from(productCategories)
    .where(search ? ilike(productCategories.name, `%${search}%`) : undefined)
    .orderBy(asc(productCategories.sortOrder));
}

/** Whether another override of the account already targets this product or category. */
export async function isTargetTaken(
  db: Db,
  accountId: number,
  target: { overrideType: 'CATEGORY' | 'PRODUCT'; selectedId: number },
  exceptId?: number,
): Promise<boolean> {
  const column = target.overrideType === 'PRODUCT' ? markupOverrides.productId : markupOverrides.categoryId;
  const [taken] = await db
    .select({ id: markupOverrides.id })
    .from(markupOverrides)
    .where(
      and(
        eq(markupOverrides.accountId, accountId),
        eq(column, target.selectedId),
        exceptId ? sql`${markupOverrides.id} <> ${exceptId}` : undefined,
      ),
    );
  return taken !== undefined;
}

export function findOverrides(db: Db, accountId: number): Promise<MarkupOverrideRow[]> {
  return db
    .select()
    .from(markupOverrides)
    .where(eq(markupOverrides.accountId, accountId))
    .orderBy(asc(markupOverrides.id));
}

export async function overrideExists(db: Db, accountId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: markupOverrides.id })
    .from(markupOverrides)
    .where(and(eq(markupOverrides.id, id), eq(markupOverrides.accountId, accountId)));
  return row !== undefined;
}

export async function insertOverride(
  db: Db,
  accountId: number,
  columns: MarkupOverrideColumns,
): Promise<MarkupOverrideRow> {
  const [row] = await db
    .insert(markupOverrides)
    .values({ accountId, ...columns })
    .returning();
  return row!;
}

export async function updateOverride(
  db: Db,
  accountId: number,
  id: number,
  columns: MarkupOverrideColumns,
): Promise<MarkupOverrideRow> {
  const [row] = await db
    .update(markupOverrides)
    .set(columns)
    .where(and(eq(markupOverrides.id, id), eq(markupOverrides.accountId, accountId)))
    .returning();
  return row!;
}

/** Deletes the account's override; false when it has none with that id. */
export async function deleteOverride(db: Db, accountId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(markupOverrides)
    .where(and(eq(markupOverrides.id, id), eq(markupOverrides.accountId, accountId)))
    .returning({ id: markupOverrides.id });
  return deleted.length > 0;
}
