import '../../strings';
import { Button, Collapse, Group, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import type { OrderSupplier } from '@slat/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAdjustmentsHorizontal, IconSearch } from '../../../../components/icons';
import { useBreakpoint } from '../../../../lib/use-breakpoint';
import { useDebouncedUrlText } from '../../../../lib/use-debounced-url-text';
import { ORDER_DATE_PRESETS, type OrderDatePreset } from '../../search';
import { choiceFilterCount, ORDERS_SEARCH_DEBOUNCE_MS, type OrdersListParams, REP_NONE } from './list-logic';

const ANY = '';

/**
 * §2 filter bar: search (debounced), status, supplier (multi-supplier only), sales rep (with
 * None), date preset and the archived toggle. Every change goes back to the first page.
 */
export function OrderFilters({
  params,
  onChange,
  suppliers,
  multiSupplier,
  salesReps,
}: {
  params: OrdersListParams;
  onChange: (next: Partial<OrdersListParams>) => void;
  suppliers: OrderSupplier[];
  multiSupplier: boolean;
  salesReps: string[];
}) {
  const { t } = useTranslation();
  const [text, setText] = useDebouncedUrlText(
    params.search,
    (search) => onChange({ search, page: 1 }),
    ORDERS_SEARCH_DEBOUNCE_MS,
  );
  // a remembered or linked rep who is no longer a user still shows as the chosen one
  const repNames =
    params.rep && params.rep !== REP_NONE && !salesReps.includes(params.rep)
      ? [params.rep, ...salesReps]
      : salesReps;
  const supplierKnown = params.manufacturer === null || suppliers.some((s) => s.id === params.manufacturer);
  const phone = useBreakpoint() === 'verySmall';
  const [shown, setShown] = useState(false);
  const choicesId = useId();
  const searchInput = (
    <TextInput
      label={t('lists.search')}
      placeholder={t('ordersList.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      type="search"
      w={{ base: '100%', xs: 260 }}
    />
  );
  const choices = (
    <>
      <NativeSelect
        label={t('ordersList.status')}
        value={params.status ?? ANY}
        data={[
          { value: ANY, label: t('ordersList.anyStatus') },
          { value: 'OPEN', label: t('ordersList.statuses.OPEN') },
          { value: 'SUBMITTED', label: t('ordersList.statuses.SUBMITTED') },
        ]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ status: value === 'OPEN' || value === 'SUBMITTED' ? value : null, page: 1 });
        }}
        w={{ base: '100%', xs: 150 }}
      />
      {multiSupplier && (
        <NativeSelect
          label={t('ordersList.supplier')}
          value={params.manufacturer === null ? ANY : String(params.manufacturer)}
          data={[
            { value: ANY, label: t('ordersList.anySupplier') },
            ...(supplierKnown
              ? []
              : [{ value: String(params.manufacturer), label: `#${params.manufacturer}` }]),
            ...suppliers.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ manufacturer: value === ANY ? null : Number(value), page: 1 });
          }}
          w={{ base: '100%', xs: 220 }}
        />
      )}
      <NativeSelect
        label={t('ordersList.salesRep')}
        value={params.rep ?? ANY}
        data={[
          { value: ANY, label: t('ordersList.anyRep') },
          { value: REP_NONE, label: t('ordersList.noRep') },
          ...repNames.map((name) => ({ value: name, label: name })),
        ]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ rep: value === ANY ? null : value, page: 1 });
        }}
        w={{ base: '100%', xs: 190 }}
      />
      <NativeSelect
        label={t('ordersList.date')}
        value={params.date}
        data={ORDER_DATE_PRESETS.map((preset) => ({
          value: preset,
          label: t(`ordersList.datePresets.${preset}`),
        }))}
        onChange={(event) => onChange({ date: event.currentTarget.value as OrderDatePreset, page: 1 })}
        w={{ base: '100%', xs: 160 }}
      />
      <Switch
        label={t('ordersList.archived')}
        checked={params.archived}
        onChange={(event) => onChange({ archived: event.currentTarget.checked, page: 1 })}
        mb={8}
      />
    </>
  );
  const chosen = choiceFilterCount(params);
  // on a phone the choices fold away under a Filters button, so the orders start on the first screen
  if (phone)
    return (
      <Stack role="search" aria-label={t('ordersList.filters')} gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <div style={{ flex: 1, minWidth: 0 }}>{searchInput}</div>
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            aria-expanded={shown}
            aria-controls={choicesId}
            onClick={() => setShown((open) => !open)}
          >
            {/* The count is in the visible text, so the button's name is what it shows (axe). */}
            {chosen > 0 ? t('ordersList.filtersChosen', { count: chosen }) : t('ordersList.filters')}
          </Button>
        </Group>
        <Collapse expanded={shown} id={choicesId}>
          <Stack gap="xs">{choices}</Stack>
        </Collapse>
      </Stack>
    );
  return (
    <Group role="search" aria-label={t('ordersList.filters')} gap="sm" align="flex-end" wrap="wrap">
      {searchInput}
      {choices}
    </Group>
  );
}
