import { ActionIcon, Button, Group, NativeSelect, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DealDetail } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../components/form/unsaved-changes';
import { IconX } from '../../../components/icons';
import { AnchorLink } from '../../../components/ui/router-links';
import { notifyUndoable } from '../../../components/ui/undo-toast';
import { QUERY_CRITERIA_DEBOUNCE_MS } from '../../../config/constants';
import { firstClickOnly } from '../../../lib/clicks';
import { workflowsQueryOptions } from '../../workflows';
import { dealSearchQueryOptions, useRelateDeal, useUnrelateDeal } from '../api/deals';
import { Section } from './section';

export function RelatedSection({ deal, readOnly }: { deal: DealDetail; readOnly: boolean }) {
  const { t } = useTranslation();
  const relate = useRelateDeal();
  const unrelate = useUnrelateDeal();
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  // a deal picked and not related yet is an unsaved change (leaving the deal asks)
  useUnsavedChanges(adding && picked !== null);
  // a related deal may sit in another workflow (a home and a business job of one customer)
  const [workflowId, setWorkflowId] = useState(deal.workflowId);
  const workflows = useQuery({ ...workflowsQueryOptions, enabled: adding });
  const activeWorkflows = (workflows.data ?? []).filter((w) => w.isActive || w.id === deal.workflowId);
  const [debounced] = useDebouncedValue(text, QUERY_CRITERIA_DEBOUNCE_MS);
  const search = useQuery({ ...dealSearchQueryOptions(workflowId, debounced.trim()), enabled: adding });
  const related = new Set(deal.relatedDeals.map((d) => d.id));
  const options = (search.data?.data ?? [])
    .filter((d) => d.id !== deal.id && !related.has(d.id))
    .map((d) => ({ value: String(d.id), label: `#${d.tuid} ${d.name}` }));
  return (
    <Section
      title={t('deals.modal.related')}
      actions={
        <Button size="xs" variant="light" disabled={readOnly} onClick={() => setAdding(true)}>
          {t('deals.related.add')}
        </Button>
      }
    >
      {adding && !readOnly && (
        <Group align="flex-end" gap="xs">
          {activeWorkflows.length > 1 && (
            <NativeSelect
              label={t('deals.related.workflow')}
              value={String(workflowId)}
              onChange={(event) => {
                setWorkflowId(Number(event.currentTarget.value));
                setPicked(null);
              }}
              data={activeWorkflows.map((w) => ({ value: String(w.id), label: w.name }))}
            />
          )}
          <Select
            label={t('deals.related.pick')}
            placeholder={t('deals.related.pickPlaceholder')}
            searchable
            searchValue={text}
            onSearchChange={setText}
            filter={({ options: o }) => o}
            data={options}
            value={picked}
            onChange={setPicked}
            style={{ flex: 1, minWidth: 200 }}
            comboboxProps={{ withinPortal: true, zIndex: 500 }}
          />
          <Button
            disabled={!picked}
            loading={relate.isPending}
            onClick={() => {
              if (!picked) return;
              relate.mutate(
                { deal, arg: Number(picked) },
                {
                  onSuccess: () => {
                    setAdding(false);
                    setPicked(null);
                    setText('');
                  },
                },
              );
            }}
          >
            {t('deals.related.link')}
          </Button>
          <Button variant="default" onClick={() => setAdding(false)}>
            {t('deals.cancel')}
          </Button>
        </Group>
      )}
      {deal.relatedDeals.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('deals.related.none')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {deal.relatedDeals.map((r) => (
            <Group component="li" key={r.id} justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ minWidth: 0 }}>
                <AnchorLink
                  to="/workflows/$workflowSlug/$dealId"
                  params={{ workflowSlug: r.workflowSlug, dealId: String(r.id) }}
                >
                  #{r.tuid} {r.name}
                </AnchorLink>{' '}
                <Text span c="dimmed" size="xs">
                  {r.status}
                  {r.isArchived ? ` · ${t('deals.archived')}` : ''}
                </Text>
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={readOnly || (unrelate.isPending && unrelate.variables.arg !== r.id)}
                loading={unrelate.isPending && unrelate.variables.arg === r.id}
                aria-label={t('deals.related.remove', { tuid: r.tuid })}
                onClick={firstClickOnly(() => {
                  if (unrelate.isPending) return;
                  // decision 012: one call relates it again, so the removal is undone, not confirmed
                  unrelate.mutate(
                    { deal, arg: r.id },
                    {
                      onSuccess: () =>
                        notifyUndoable({
                          title: t('deals.related.removed'),
                          message: t('deals.related.removedMessage', { tuid: r.tuid, name: r.name }),
                          undo: () => relate.mutateAsync({ deal, arg: r.id }),
                        }),
                    },
                  );
                })}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
