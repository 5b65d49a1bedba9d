import { ActionIcon, Group, type GroupProps } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

type EditDeleteActionsProps = {
  /** Accessible names, naming the record ('Edit appointment Measure up'). */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  disabled?: boolean;
  iconSize?: number;
  justify?: GroupProps['justify'];
};

/** The pencil and bin of a list row or card. */
export function EditDeleteActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  disabled = false,
  iconSize = 16,
  justify,
}: EditDeleteActionsProps) {
  return (
    <Group gap={2} wrap="nowrap" justify={justify}>
      <ActionIcon variant="subtle" color="gray" disabled={disabled} aria-label={editLabel} onClick={onEdit}>
        <IconPencil size={iconSize} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red.8"
        disabled={disabled}
        aria-label={deleteLabel}
        onClick={onDelete}
      >
        <IconTrash size={iconSize} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
