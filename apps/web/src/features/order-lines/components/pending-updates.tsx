import '../strings';
import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IconRefresh } from '../../../components/icons';
import { StatusAlert } from '../../../components/ui/status-alert';
import { firstClickOnly } from '../../../lib/clicks';
import { confirmDestructive } from '../../../lib/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateNow } from '../api/windows';
import type { OrderView, PendingUpdates } from '../order-view';

/**
 * Supplier price changes: the 'Supplier prices changed' banner on an open quote or order
 * whose supplier published a catalog that changes its products, a Details button when the owner
 * has an 'order update details' modal, and 'Update now' (every line repriced with the latest
 * catalog, then the order reloaded). Pending updates block a purchase order's review and editing.
 *
 * Update now cannot be undone (the old catalog's prices are not brought back), so from the
 * banner it asks first (decision 012); in the details modal, which shows what changes, it acts.
 */

type UpdateKind = 'pricing' | 'fabric' | 'rule';
/** What else the owner keeps stale after Update now (a quote's update details). */
type Also = (queryClient: QueryClient) => Promise<unknown>;

/** 'Roller Blind (prices), Roman Blind (fabrics, options and rules)'. */
export function changedProductsText(
  products: PendingUpdates['products'],
  kindName: (kind: UpdateKind) => string,
): string {
  return products
    .map((p) => {
      const kinds = (['pricing', 'fabric', 'rule'] as const).filter((k) => p[k]).map(kindName);
      return kinds.length ? `${p.productName} (${kinds.join(', ')})` : p.productName;
    })
    .join('; ');
}

export function useUpdateNowAction(view: OrderView, also?: Also) {
  const { t } = useTranslation();
  const update = useUpdateNow(view, also);
  const run = () =>
    update.mutateAsync().then(
      ({ data }) =>
        notifySuccess(
          t('orderLines.updatedToast'),
          t('orderLines.updatedToastMessage', { count: data.recalculated }),
        ),
      (error: unknown) => {
        notifyError(t('orderLines.updateFailed'), t('errors.serverIssues'));
        throw error;
      },
    );
  return { run, pending: update.isPending };
}

/** The question Update now asks first (it cannot be undone). */
function confirmMessage(
  view: OrderView,
): 'orderLines.updateConfirmMessageQuote' | 'orderLines.updateConfirmMessageOrder' {
  return view.kind === 'quote'
    ? 'orderLines.updateConfirmMessageQuote'
    : 'orderLines.updateConfirmMessageOrder';
}

/**
 * The order menu's Recalculate prices: Update now reachable without a banner (every line repriced
 * with its supplier's latest catalog and today's markup rules), after the same question.
 */
export function RecalculateMenuItem({ view, label, also }: { view: OrderView; label: string; also?: Also }) {
  const { t } = useTranslation();
  const update = useUpdateNowAction(view, also);
  const ask = () =>
    void confirmDestructive({
      title: t('orderLines.updateConfirmTitle'),
      message: t(confirmMessage(view)),
      confirmLabel: t('orderLines.updateNow'),
      action: update.run,
    });
  return (
    <Menu.Item
      leftSection={<IconRefresh size={14} aria-hidden />}
      disabled={update.pending}
      onClick={firstClickOnly(ask)}
    >
      {label}
    </Menu.Item>
  );
}

export function PendingUpdatesBanner({
  view,
  onDetails,
  also,
}: {
  view: OrderView;
  /** Opens the owner's update details (no Details button without one). */
  onDetails?: () => void;
  also?: Also;
}) {
  const { t } = useTranslation();
  const update = useUpdateNowAction(view, also);
  const pending = view.pendingUpdates;
  if (view.readOnly || !pending?.hasPendingUpdates) return null;
  const askUpdate = () =>
    void confirmDestructive({
      title: t('orderLines.updateConfirmTitle'),
      message: t(confirmMessage(view)),
      confirmLabel: t('orderLines.updateNow'),
      action: update.run,
    });
  return (
    <StatusAlert kind="warning" p="sm" title={t('orderLines.updatesTitle')} data-testid="pending-updates">
      <Stack gap={6}>
        <Text size="sm">
          {t(view.kind === 'quote' ? 'orderLines.updatesMessageQuote' : 'orderLines.updatesMessageOrder')}
        </Text>
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {t('orderLines.updatesProducts', {
            list: changedProductsText(pending.products, (k) => t(`orderLines.updateKinds.${k}`)),
          })}
        </Text>
        <Group gap="xs">
          {onDetails && (
            <Button size="xs" variant="default" onClick={onDetails}>
              {t('orderLines.details')}
            </Button>
          )}
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={update.pending}
            onClick={firstClickOnly(askUpdate)}
          >
            {t('orderLines.updateNow')}
          </Button>
        </Group>
      </Stack>
    </StatusAlert>
  );
}
