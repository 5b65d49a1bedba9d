import { ActionIcon, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '../icons';

/**
 * §2 paging of a list (contacts, orders): 'N record(s) found', 'Page X of Y' and first, previous,
 * next and last. The same controls end the list (`end`), without the count, so a long page needs
 * no scrolling back up; `endLabel` names that second set of controls for a screen reader.
 */
export function ListPager({
  total,
  page,
  pages,
  onPage,
  end = false,
  endLabel,
  countTestId,
}: {
  total: number;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  end?: boolean;
  endLabel: string;
  /** The count's test id, where a browser test reads it. */
  countTestId?: string;
}) {
  const { t } = useTranslation();
  const buttons = [
    { label: t('lists.first'), to: 1, Icon: IconChevronsLeft, disabled: page <= 1 },
    { label: t('lists.previous'), to: page - 1, Icon: IconChevronLeft, disabled: page <= 1 },
    { label: t('lists.next'), to: page + 1, Icon: IconChevronRight, disabled: page >= pages },
    { label: t('lists.last'), to: pages, Icon: IconChevronsRight, disabled: page >= pages },
  ];
  return (
    <Group justify={end ? 'flex-end' : 'space-between'} gap="xs" wrap="wrap">
      {!end && (
        <Text size="sm" role="status" data-testid={countTestId}>
          {t('lists.recordsFound', { count: total })}
        </Text>
      )}
      <Group gap="xs" wrap="nowrap" component="nav" aria-label={end ? endLabel : t('lists.paging')}>
        <Text size="sm">{t('lists.pageOf', { page, pages })}</Text>
        {buttons.map(({ label, to, Icon, disabled }) => (
          <ActionIcon
            key={label}
            variant="default"
            size="lg"
            aria-label={label}
            disabled={disabled}
            onClick={() => onPage(to)}
          >
            <Icon size={18} aria-hidden />
          </ActionIcon>
        ))}
      </Group>
    </Group>
  );
}
