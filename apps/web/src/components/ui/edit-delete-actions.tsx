import { ActionIcon, Group, type GroupProps } from '@mantine/core';
import { firstClickOnly } from '../../lib/clicks';
import { IconPencil, IconTrash } from '../icons';

type EditDeleteActionsProps = {
  /** Accessible names, naming the record ('Edit appointment Measure up'). */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  /** Asks first or offers undo (decision 012); the second click of a double click is ignored. */
  onDelete: () => void;
  disabled?: boolean;
  /** The delete is running: both buttons wait. */
  pending?: boolean;
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
  pending = false,
  iconSize = 16,
  justify,
}: EditDeleteActionsProps) {
  return (
    <Group gap={2} wrap="nowrap" justify={justify}>
      <ActionIcon
        variant="subtle"
        color="gray"
        disabled={disabled || pending}
        aria-label={editLabel}
        onClick={onEdit}
      >
        <IconPencil size={iconSize} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red.8"
        disabled={disabled}
        loading={pending}
        aria-label={deleteLabel}
        onClick={firstClickOnly(onDelete)}
      >
        <IconTrash size={iconSize} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
