import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '../../../components/icons';

/** A column header that sorts the list; the direction is announced through aria-sort. */
export function SortableHeader({
  label,
  direction,
  onSort,
}: {
  label: string;
  direction: 'ascending' | 'descending' | undefined;
  onSort: () => void;
}) {
  const Icon =
    direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction ?? 'none'}>
      <UnstyledButton onClick={onSort} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
