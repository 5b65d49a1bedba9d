import type { Bundle } from '@slat/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bundleSubscriptions } from '../../db/schema';

type TemplateField = { templateKey: string; label: string; operator: 'FACTOR' | 'CURRENCY' };

type BundleRow = {
  id: number;
  name: string;
  description: string;
  exclusivity_key: string | null;
  sort_order: number;
  template_fields: TemplateField[];
  template_values: Record<string, string> | null;
  subscribed: boolean;
};

const toBundle = (r: BundleRow): Bundle => ({
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
});

/** Bundles a dealer can see (or the one with `only`): those offering a product of a supplier the dealer is linked to. */
export async function findVisibleBundles(db: Db, accountId: number, only?: number): Promise<Bundle[]> {
  const { rows } = await db.execute<BundleRow>(sql`
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
  return rows.map(toBundle);
}

/** Whether the account subscribes to another bundle of the same exclusivity group. */
export async function hasOtherSubscriptionInGroup(
  db: Db,
  accountId: number,
  exclusivityKey: string,
  bundleId: number,
): Promise<boolean> {
  const [other] = await db
    .select({ bundleId: bundleSubscriptions.bundleId })
    .from(bundleSubscriptions)
    .where(
      and(
        eq(bundleSubscriptions.accountId, accountId),
        eq(bundleSubscriptions.exclusivityKey, exclusivityKey),
        sql`${bundleSubscriptions.bundleId} <> ${bundleId}`,
      ),
    );
  return other !== undefined;
}

/** Subscribes the account, or replaces the template values of its subscription. */
export async function upsertSubscription(
  db: Db,
  accountId: number,
  bundle: { id: number; exclusivityKey: string | null },
  templateValues: Record<string, string>,
): Promise<void> {
  await db
    .insert(bundleSubscriptions)
    .values({ accountId, bundleId: bundle.id, exclusivityKey: bundle.exclusivityKey, templateValues })
    .onConflictDoUpdate({
      target: [bundleSubscriptions.accountId, bundleSubscriptions.bundleId],
      set: { templateValues },
    });
}

export async function deleteSubscription(db: Db, accountId: number, bundleId: number): Promise<void> {
  await db
    .delete(bundleSubscriptions)
    .where(and(eq(bundleSubscriptions.accountId, accountId), eq(bundleSubscriptions.bundleId, bundleId)));
}
