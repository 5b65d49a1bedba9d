import '../strings';
import { Button, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MarkupOverride } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RadioGroupField } from '../../../components/form/choice-fields';
import { useField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../components/form/form-modal';
import { useAppForm } from '../../../components/form/use-app-form';
import { EditDeleteActions } from '../../../components/ui/edit-delete-actions';
import { QUERY_CRITERIA_DEBOUNCE_MS } from '../../../config/constants';
import { confirmDestructive } from '../../../lib/confirm';
import { requiredNumber } from '../../../lib/forms/number';
import { notifySuccess } from '../../../lib/notify';
import {
  markupOverridesQueryOptions,
  useDeleteMarkupOverride,
  useMarkupOverrideOptions,
  useSaveMarkupOverride,
} from '../api/markup-overrides';
import { AdjustmentFields } from './adjustment-fields';
import { showSaveError } from './save-errors';
import { QueryView } from './settings-page';

function overrideSchema(t: TFunction) {
  return z
    .object({
      id: z.number(),
      overrideType: z.enum(['CATEGORY', 'PRODUCT']),
      selectedId: z.number().nullable(),
      adjustmentType: z.enum(['PERCENT_MARK_UP', 'PERCENT_MARGIN']),
      adjustmentValue: requiredNumber({
        min: 0,
        max: 10000,
        required: t('form.labelRequired', { label: t('settings.overrides.amount') }),
        range: t('form.between', { min: 0, max: 10000 }),
      }),
    })
    .superRefine((v, ctx) => {
      if (v.selectedId === null)
        ctx.addIssue({
          code: 'custom',
          path: ['selectedId'],
          message:
            v.overrideType === 'CATEGORY'
              ? t('settings.overrides.categoryRequired')
              : t('settings.overrides.productRequired'),
        });
      if (v.adjustmentType === 'PERCENT_MARGIN' && v.adjustmentValue >= 100)
        ctx.addIssue({
          code: 'custom',
          path: ['adjustmentValue'],
          message: t('settings.quotes.marginTooHigh'),
        });
    });
}

type OverrideForm = {
  id: number;
  overrideType: 'CATEGORY' | 'PRODUCT';
  selectedId: number | null;
  adjustmentType: 'PERCENT_MARK_UP' | 'PERCENT_MARGIN';
  adjustmentValue: number | null;
};

/** §3: a new override is a category mark up of 0. */
const NEW_OVERRIDE: OverrideForm = {
  id: 0,
  overrideType: 'CATEGORY',
  selectedId: null,
  adjustmentType: 'PERCENT_MARK_UP',
  adjustmentValue: 0,
};

const targetName = (o: MarkupOverride) =>
  o.context.product
    ? `${o.context.product.productName} (${o.context.product.brandName})`
    : (o.context.category?.name ?? `#${o.selectedId}`);

/** The list of overrides with add, edit and delete. */
export function MarkupOverrideEditor() {
  const { t } = useTranslation();
  const query = useQuery(markupOverridesQueryOptions);
  const [editing, setEditing] = useState<{ values: OverrideForm; label: string | null } | null>(null);
  const remove = useDeleteMarkupOverride();
  // decision 012: a deleted override is gone, so deleting asks first
  const confirmDelete = (o: MarkupOverride) =>
    void confirmDestructive({
      title: t('settings.overrides.deleteTitle'),
      message: t('settings.overrides.deleteMessage', { name: targetName(o) }),
      confirmLabel: t('settings.delete'),
      action: () =>
        remove.mutateAsync(o.id).then(() => notifySuccess(t('settings.overrides.deleted'), targetName(o))),
    });
  const adjustment = (o: MarkupOverride) =>
    `${o.adjustmentType === 'PERCENT_MARGIN' ? t('settings.quotes.margin') : t('settings.quotes.markUp')} ${Number(o.adjustmentValue)}%`;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('settings.overrides.intro')}
      </Text>
      <QueryView query={query}>
        {(overrides) =>
          overrides.length === 0 ? (
            <Text>{t('settings.overrides.none')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table aria-label={t('settings.overrides.title')} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('settings.overrides.type')}</Table.Th>
                    <Table.Th>{t('settings.overrides.target')}</Table.Th>
                    <Table.Th>{t('settings.overrides.adjustmentType')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('settings.overrides.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {overrides.map((o) => (
                    <Table.Tr key={o.id}>
                      <Table.Td>
                        {o.overrideType === 'CATEGORY'
                          ? t('settings.overrides.category')
                          : t('settings.overrides.product')}
                      </Table.Td>
                      <Table.Td>{targetName(o)}</Table.Td>
                      <Table.Td>{adjustment(o)}</Table.Td>
                      <Table.Td>
                        <EditDeleteActions
                          justify="flex-end"
                          iconSize={18}
                          editLabel={t('settings.overrides.editLabel', { name: targetName(o) })}
                          deleteLabel={t('settings.overrides.deleteLabel', { name: targetName(o) })}
                          onEdit={() =>
                            setEditing({
                              label: targetName(o),
                              values: {
                                id: o.id,
                                overrideType: o.overrideType,
                                selectedId: o.selectedId,
                                adjustmentType: o.adjustmentType,
                                adjustmentValue: Number(o.adjustmentValue),
                              },
                            })
                          }
                          pending={remove.isPending && remove.variables === o.id}
                          onDelete={() => confirmDelete(o)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryView>
      <Group>
        <Button variant="default" onClick={() => setEditing({ values: NEW_OVERRIDE, label: null })}>
          {t('settings.overrides.add')}
        </Button>
      </Group>
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.values.id ? t('settings.overrides.editTitle') : t('settings.overrides.addTitle')}
        size="md"
        fullScreenOnPhone={false}
      >
        {editing && <OverrideFormView initial={editing.values} initialLabel={editing.label} />}
      </FormModal>
    </Stack>
  );
}

function OverrideFormView({ initial, initialLabel }: { initial: OverrideForm; initialLabel: string | null }) {
  const { t, i18n } = useTranslation();
  const modal = useFormModal();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes
  const schema = useMemo(() => overrideSchema(t), [t, i18n.language]);
  const form = useAppForm(schema, initial);
  const save = useSaveMarkupOverride();
  const overrideType = form.watch('overrideType');
  const onSubmit = async (values: z.output<typeof schema>) => {
    try {
      await save.mutateAsync({ ...values, adjustmentValue: String(values.adjustmentValue) });
      notifySuccess(t('settings.saved'), t('settings.savedMessage'));
      modal.close();
    } catch (error) {
      showSaveError(error, form);
    }
  };
  return (
    <AppForm form={form} onSubmit={onSubmit} aria-label={t('settings.overrides.title')}>
      <Stack gap="md">
        <RadioGroupField
          name="overrideType"
          label={t('settings.overrides.type')}
          options={[
            { value: 'CATEGORY', label: t('settings.overrides.category') },
            { value: 'PRODUCT', label: t('settings.overrides.product') },
          ]}
          onValueChange={() => {
            form.setValue('selectedId', null);
            form.clearErrors('selectedId');
          }}
        />
        <TargetPicker
          key={overrideType}
          kind={overrideType}
          initialLabel={initial.overrideType === overrideType ? initialLabel : null}
        />
        <AdjustmentFields
          typeName="adjustmentType"
          valueName="adjustmentValue"
          typeLabel={t('settings.overrides.adjustmentType')}
          valueLabel={t('settings.overrides.amount')}
        />
        <FormButtons submitLabel={t('settings.save')} />
      </Stack>
    </AppForm>
  );
}

/** A searchable picker of categories or products; the search runs on the server. */
function TargetPicker({ kind, initialLabel }: { kind: 'CATEGORY' | 'PRODUCT'; initialLabel: string | null }) {
  const { t } = useTranslation();
  const { field, error } = useField('selectedId');
  const [search, setSearch] = useState(initialLabel ?? '');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(
    field.value && initialLabel ? { value: String(field.value), label: initialLabel } : null,
  );
  const [debounced] = useDebouncedValue(search, QUERY_CRITERIA_DEBOUNCE_MS);
  const searchText = chosen && debounced === chosen.label ? '' : debounced.trim();
  const options = useMarkupOverrideOptions(searchText);
  const data = useMemo(() => {
    const found =
      kind === 'CATEGORY'
        ? (options.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))
        : (options.data?.products ?? []).map((p) => ({
            value: String(p.id),
            label: `${p.productName} (${p.brandName})`,
          }));
    return chosen && !found.some((o) => o.value === chosen.value) ? [chosen, ...found] : found;
  }, [options.data, kind, chosen]);
  return (
    <Select
      ref={field.ref}
      name={field.name}
      label={kind === 'CATEGORY' ? t('settings.overrides.category') : t('settings.overrides.product')}
      placeholder={
        kind === 'CATEGORY' ? t('settings.overrides.searchCategory') : t('settings.overrides.searchProduct')
      }
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? t('app.loading') : t('settings.overrides.nothingFound')}
      data={data}
      value={field.value ? String(field.value) : null}
      onChange={(value, option) => {
        field.onChange(value ? Number(value) : null);
        setChosen(value && option ? { value, label: option.label } : null);
      }}
      onBlur={field.onBlur}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
