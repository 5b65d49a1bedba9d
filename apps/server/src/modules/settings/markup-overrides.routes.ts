import {
  createMarkupOverride,
  deleteMarkupOverride,
  listMarkupOverrides,
  type MarkupOverride,
  type MarkupOverrideRequest,
  markupOverrideMessages,
  markupOverrideOptions,
  updateMarkupOverride,
} from '@slat/contracts';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { markupOverrides, productCategories } from '../../db/schema';
import { fieldError, notFound } from '../../lib/app-error';
import { route } from '../../plugins/api';
import type { Services } from '../../services';

type Body = Omit<MarkupOverrideRequest, 'selectedId' | 'adjustmentValue'> & {
  selectedId: number | null;
  adjustmentValue: string;
};

/** Products the dealer can buy (linked suppliers), each with its name and brand in the latest catalog version. */
export function dealerProducts(
  db: Db,
  accountId: number,
  opts: { search?: string; productId?: number; limit?: number } = {},
) {
  return db.execute<{ id: number; product_name: string; brand_name: string }>(sql`
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
}

async function toView(
  db: Db,
  accountId: number,
  row: typeof markupOverrides.$inferSelect,
): Promise<MarkupOverride> {
  const base = {
    id: row.id,
    overrideType: row.overrideType,
    adjustmentType: row.adjustmentType,
    adjustmentValue: row.adjustmentValue,
  };
  if (row.overrideType === 'PRODUCT' && row.productId !== null) {
    const { rows } = await dealerProducts(db, accountId, { productId: row.productId });
    const p = rows[0];
    return {
      ...base,
      selectedId: row.productId,
      context: {
        product: { id: row.productId, productName: p?.product_name ?? '', brandName: p?.brand_name ?? '' },
      },
    };
  }
  const [c] = await db
    .select()
    .from(productCategories)
    .where(eq(productCategories.id, row.categoryId ?? 0));
  return {
    ...base,
    selectedId: row.categoryId ?? 0,
    context: { category: { id: row.categoryId ?? 0, name: c?.name ?? '' } },
  };
}

async function checkTarget(services: Services, accountId: number, body: Body, exceptId?: number) {
  const selectedId = body.selectedId!;
  if (body.overrideType === 'PRODUCT') {
    const { rows } = await dealerProducts(services.db, accountId, { productId: selectedId });
    if (!rows[0]) throw fieldError('selectedId', 'Product not found');
  } else {
    const [c] = await services.db
      .select()
      .from(productCategories)
      .where(eq(productCategories.id, selectedId));
    if (!c) throw fieldError('selectedId', 'Category not found');
  }
  const column = body.overrideType === 'PRODUCT' ? markupOverrides.productId : markupOverrides.categoryId;
  const [taken] = await services.db
    .select({ id: markupOverrides.id })
    .from(markupOverrides)
    .where(
      and(
        eq(markupOverrides.accountId, accountId),
        eq(column, selectedId),
        exceptId ? sql`${markupOverrides.id} <> ${exceptId}` : undefined,
      ),
    );
  if (taken) {
    throw fieldError(
      'selectedId',
      body.overrideType === 'PRODUCT'
        ? markupOverrideMessages.productTaken
        : markupOverrideMessages.categoryTaken,
    );
  }
}

const columns = (body: Body) => ({
  overrideType: body.overrideType,
  productId: body.overrideType === 'PRODUCT' ? body.selectedId : null,
  categoryId: body.overrideType === 'CATEGORY' ? body.selectedId : null,
  adjustmentType: body.adjustmentType,
  adjustmentValue: body.adjustmentValue,
});

/** A unique-index race (two saves at once) answers the same message as the check. */
function isUniqueViolation(error: unknown): boolean {
  return (
    (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505'
  );
}

export function markupOverrideRoutes(app: FastifyInstance, services: Services): void {
  route(app, listMarkupOverrides, async ({ session }) => {
    const s = session();
    const rows = await services.db
      .select()
      .from(markupOverrides)
      .where(eq(markupOverrides.accountId, s.accountId))
      .orderBy(asc(markupOverrides.id));
    return Promise.all(rows.map((r) => toView(services.db, s.accountId, r)));
  });

  route(app, markupOverrideOptions, async ({ session, query }) => {
    const s = session();
    const search = query.search || undefined;
    const categories = await services.db
      .select({ id: productCategories.id, name: productCategories.name })
      .from(productCategories)
      .where(search ? ilike(productCategories.name, `%${search}%`) : undefined)
      .orderBy(asc(productCategories.sortOrder));
    const { rows } = await dealerProducts(services.db, s.accountId, { search, limit: 50 });
    return {
      categories,
      products: rows.map((r) => ({ id: r.id, productName: r.product_name, brandName: r.brand_name })),
    };
  });

  route(app, createMarkupOverride, async ({ session, body }) => {
    const s = session();
    await checkTarget(services, s.accountId, body);
    try {
      const [row] = await services.db
        .insert(markupOverrides)
        .values({ accountId: s.accountId, ...columns(body) })
        .returning();
      return toView(services.db, s.accountId, row!);
    } catch (error) {
      if (isUniqueViolation(error)) await checkTarget(services, s.accountId, body);
      throw error;
    }
  });

  route(app, updateMarkupOverride, async ({ session, params, body }) => {
    const s = session();
    const [existing] = await services.db
      .select({ id: markupOverrides.id })
      .from(markupOverrides)
      .where(and(eq(markupOverrides.id, params.id), eq(markupOverrides.accountId, s.accountId)));
    if (!existing) throw notFound('Markup override not found');
    await checkTarget(services, s.accountId, body, params.id);
    const [row] = await services.db
      .update(markupOverrides)
      .set(columns(body))
      .where(and(eq(markupOverrides.id, params.id), eq(markupOverrides.accountId, s.accountId)))
      .returning();
    return toView(services.db, s.accountId, row!);
  });

  route(app, deleteMarkupOverride, async ({ session, params }) => {
    const s = session();
    const deleted = await services.db
      .delete(markupOverrides)
      .where(and(eq(markupOverrides.id, params.id), eq(markupOverrides.accountId, s.accountId)))
      .returning({ id: markupOverrides.id });
    if (deleted.length === 0) throw notFound('Markup override not found');
    return { success: true as const };
  });
}
