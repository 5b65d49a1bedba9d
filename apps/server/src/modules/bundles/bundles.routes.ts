import {
  type Bundle,
  bundleMessages,
  listBundles,
  subscribeBundle,
  templateValueError,
  unsubscribeBundle,
} from '@slat/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { bundleSubscriptions } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { route } from '../../plugins/api';
import type { Services } from '../../services';

type TemplateField = { templateKey: string; label: string; operator: 'FACTOR' | 'CURRENCY' };

/** Bundles a dealer can see: those offering a product of a supplier the dealer is linked to. */
async function visibleBundles(db: Db, accountId: number, only?: number): Promise<Bundle[]> {
  const { rows } = await db.execute<{
    id: number;
    name: string;
    description: string;
    exclusivity_key: string | null;
    sort_order: number;
    template_fields: TemplateField[];
    template_values: Record<string, string> | null;
    subscribed: boolean;
  }>(sql`
    SELECT b.id, b.name, b.description, b.exclusivity_key, b.sort_order, b.template_fields,
           s.template_values, s.bundle_id IS NOT NULL AS subscribed
    FROM bundles b
    LEFT JOIN bundle_subscriptions s ON s.bundle_id = b.id AND s.account_id = ${accountId}
    WHERE (${only ?? null}::int IS NULL OR b.id = ${only ?? null}::int)
      AND (NOT EXISTS (SELECT 1 FROM bundle_products bp WHERE bp.bundle_id = b.id)
           OR EXISTS (SELECT 1 FROM bundle_products bp
                      JOIN products p ON p.id = bp.product_id
                      JOIN manufacturer_customers mc ON mc.manufacturer_id = p.manufacturer_id AND mc.account_id = ${accountId}
                      WHERE bp.bundle_id = b.id))
    ORDER BY b.sort_order, b.id`);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    exclusivityKey: r.exclusivity_key,
    sortOrder: r.sort_order,
    isSubscribed: r.subscribed,
    templateFields: r.template_fields.map((f) => ({
      templateKey: f.templateKey,
      label: f.label,
      operator: f.operator,
      value: r.subscribed ? (r.template_values?.[f.templateKey] ?? null) : null,
    })),
  }));
}

async function visibleBundle(db: Db, accountId: number, id: number): Promise<Bundle> {
  const [bundle] = await visibleBundles(db, accountId, id);
  if (!bundle) throw notFound('Bundle not found');
  return bundle;
}

export function bundleRoutes(app: FastifyInstance, services: Services): void {
  route(app, listBundles, async ({ session }) => visibleBundles(services.db, session().accountId));

  route(app, subscribeBundle, async ({ session, params, body }) => {
    const s = session();
    const bundle = await visibleBundle(services.db, s.accountId, params.id);
    const fields = bundle.templateFields.flatMap((f) => {
      const message = templateValueError(f.operator, body.templateValues[f.templateKey]);
      return message ? [{ path: `templateValues.${f.templateKey}`, message }] : [];
    });
    if (fields.length) throw new AppError('VALIDATION_FAILED', fields[0]!.message, fields);
    const values = Object.fromEntries(
      bundle.templateFields.map((f) => [f.templateKey, String(body.templateValues[f.templateKey]).trim()]),
    );
    if (bundle.exclusivityKey) {
      const [other] = await services.db
        .select({ bundleId: bundleSubscriptions.bundleId })
        .from(bundleSubscriptions)
        .where(
          and(
            eq(bundleSubscriptions.accountId, s.accountId),
            eq(bundleSubscriptions.exclusivityKey, bundle.exclusivityKey),
            sql`${bundleSubscriptions.bundleId} <> ${bundle.id}`,
          ),
        );
      if (other) throw new AppError('CONFLICT', bundleMessages.exclusive);
    }
    try {
      await services.db
        .insert(bundleSubscriptions)
        .values({
          accountId: s.accountId,
          bundleId: bundle.id,
          exclusivityKey: bundle.exclusivityKey,
          templateValues: values,
        })
        .onConflictDoUpdate({
          target: [bundleSubscriptions.accountId, bundleSubscriptions.bundleId],
          set: { templateValues: values },
        });
    } catch (error) {
      // Two subscriptions of one group raced: the partial unique index refused the second.
      if ((error as { cause?: { code?: string } }).cause?.code === '23505')
        throw new AppError('CONFLICT', bundleMessages.exclusive);
      throw error;
    }
    return visibleBundle(services.db, s.accountId, bundle.id);
  });

  route(app, unsubscribeBundle, async ({ session, params }) => {
    const s = session();
    await visibleBundle(services.db, s.accountId, params.id);
    await services.db
      .delete(bundleSubscriptions)
      .where(
        and(eq(bundleSubscriptions.accountId, s.accountId), eq(bundleSubscriptions.bundleId, params.id)),
      );
    return visibleBundle(services.db, s.accountId, params.id);
  });
}
