import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { createDealNote, type DealNote } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/form/form';
import { FormButtons, RecordFormModal, useFormModal } from '../../../components/form/form-modal';
import { TextareaField } from '../../../components/form/textarea-field';
import { useAppForm } from '../../../components/form/use-app-form';
import { EditDeleteActions } from '../../../components/ui/edit-delete-actions';
import { confirmDestructive } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { notifyDealError } from '../api/deals';
import { notesQueryOptions, useDeleteNote, useSaveNote } from '../api/records';
import { Section } from './section';

/** A note's first words on one line, to tell its buttons apart from the next note's. */
export function noteExcerpt(content: string, max = 40): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

export function NotesSection({ dealId, readOnly }: { dealId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const notes = useQuery(notesQueryOptions(dealId));
  const remove = useDeleteNote(dealId);
  const [editing, setEditing] = useState<DealNote | 'new' | null>(null);
  return (
    <Section
      title={t('deals.modal.notes')}
      actions={
        <Button size="xs" variant="light" disabled={readOnly} onClick={() => setEditing('new')}>
          {t('deals.notes.add')}
        </Button>
      }
    >
      {notes.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('deals.notes.none')}
        </Text>
      )}
      <Stack gap="xs">
        {notes.data?.map((note) => (
          <Paper key={note.id} withBorder p="xs" radius="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', minWidth: 0 }}>
                {note.content}
              </Text>
              <EditDeleteActions
                editLabel={t('deals.notes.editNote', { excerpt: noteExcerpt(note.content) })}
                deleteLabel={t('deals.notes.deleteNote', { excerpt: noteExcerpt(note.content) })}
                disabled={readOnly}
                onEdit={() => setEditing(note)}
                pending={remove.isPending && remove.variables === note.id}
                onDelete={() =>
                  void confirmDestructive({
                    title: t('deals.notes.deleteTitle'),
                    message: t('deals.notes.deleteMessage', { excerpt: noteExcerpt(note.content) }),
                    confirmLabel: t('deals.notes.deleteTitle'),
                    action: () => remove.mutateAsync(note.id),
                  })
                }
              />
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {t('deals.notes.byOn', {
                name: note.updatedBy?.name ?? note.createdBy?.name ?? '',
                when: formatDateTime(new Date(note.updatedAt)),
              })}
              {note.updatedAt !== note.createdAt ? ` · ${t('deals.notes.edited')}` : ''}
            </Text>
          </Paper>
        ))}
      </Stack>
      <RecordFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        addTitle={t('deals.notes.addTitle')}
        editTitle={t('deals.notes.editTitle')}
      >
        {(note) => <NoteForm dealId={dealId} note={note} />}
      </RecordFormModal>
    </Section>
  );
}

function NoteForm({ dealId, note }: { dealId: number; note: DealNote | null }) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const save = useSaveNote(dealId);
  const form = useAppForm(createDealNote.body, { content: note?.content ?? '' });
  return (
    <AppForm
      form={form}
      aria-label={t('deals.notes.content')}
      onSubmit={async ({ content }) => {
        try {
          await save.mutateAsync({ ...(note ? { id: note.id } : {}), content });
          modal.close();
        } catch (error) {
          notifyDealError(error);
        }
      }}
    >
      <Stack gap="sm">
        <TextareaField
          name="content"
          label={t('deals.notes.content')}
          minRows={4}
          maxLength={20000}
          data-autofocus
        />
        <FormButtons submitLabel={t('deals.save')} />
      </Stack>
    </AppForm>
  );
}
