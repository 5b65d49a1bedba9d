import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hideToast, showToast } from '../../lib/notify';

let nextToast = 0;

function UndoMessage({ id, message, undo }: { id: string; message: string; undo: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" style={{ minWidth: 0 }}>
        {message}
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        style={{ flexShrink: 0 }}
        loading={running}
        onClick={() => {
          setRunning(true);
          undo().then(
            () => hideToast(id),
            () => setRunning(false),
          );
        }}
      >
        {t('form.undo')}
      </Button>
    </Group>
  );
}

/**
 * The undo half of the destructive-action pattern (decision 012): the action is done at once and
 * this toast names what was done with an Undo button (5 s, longer while the pointer rests on it).
 * `undo` puts it back with one call and reports its own failure.
 */
export function notifyUndoable({
  title,
  message,
  undo,
}: {
  title: string;
  message: string;
  undo: () => Promise<unknown>;
}): void {
  const id = `undo-${nextToast++}`;
  showToast({ id, title, color: 'teal', message: <UndoMessage id={id} message={message} undo={undo} /> });
}
