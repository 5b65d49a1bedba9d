import { type Bundle, bundleMessages, templateValueError } from '@slat/contracts';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import * as repo from './bundles.repository';

export const listVisibleBundles = (db: Db, accountId: number): Promise<Bundle[]> =>
  repo.findVisibleBundles(db, accountId);

async function visibleBundle(db: Db, accountId: number, id: number): Promise<Bundle> {
  const [bundle] = await repo.findVisibleBundles(db, accountId, id);
  if (!bundle) throw notFound('Bundle not found');
  return bundle;
}

/** Subscribes to a visible bundle with a valid value for each template field (one per exclusivity group). */
export async function subscribeToBundle(
  db: Db,
  accountId: number,
  id: number,
  templateValues: Record<string, string | number>,
): Promise<Bundle> {
  const bundle = await visibleBundle(db, accountId, id);
  const fields = bundle.templateFields.flatMap((f) => {
    const message = templateValueError(f.operator, templateValues[f.templateKey]);
    return message ? [{ path: `templateValues.${f.templateKey}`, message }] : [];
  });
  if (fields.length) throw new AppError('VALIDATION_FAILED', fields[0]!.message, fields);
  const values = Object.fromEntries(
    bundle.templateFields.map((f) => [f.templateKey, String(templateValues[f.templateKey]).trim()]),
  );
  if (
    bundle.exclusivityKey &&
    (await repo.hasOtherSubscriptionInGroup(db, accountId, bundle.exclusivityKey, bundle.id))
  ) {
    throw new AppError('CONFLICT', bundleMessages.exclusive);
  }
  try {
    await repo.upsertSubscription(db, accountId, bundle, values);
  } catch (error) {
    // Two subscriptions of one group raced: the partial unique index refused the second.
    if ((error as { cause?: { code?: string } }).cause?.code === '23505')
      throw new AppError('CONFLICT', bundleMessages.exclusive);
    throw error;
  }
  return visibleBundle(db, accountId, bundle.id);
}

export async function unsubscribeFromBundle(db: Db, accountId: number, id: number): Promise<Bundle> {
  await visibleBundle(db, accountId, id);
  await repo.deleteSubscription(db, accountId, id);
  return visibleBundle(db, accountId, id);
}
