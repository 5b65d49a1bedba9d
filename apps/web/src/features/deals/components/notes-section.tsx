import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { createDealNote, type DealNote } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/form/form';
import { TextareaField } from '../../../components/form/textarea-field';
import { useAppForm } from '../../../components/form/use-app-form';
import { EditDeleteActions } from '../../../components/ui/edit-delete-actions';
import { formatDateTime } from '../../../lib/format';
import { notifyDealError } from '../api/deals';
import { notesQueryOptions, useDeleteNote, useSaveNote } from '../api/records';
import { Section } from './section';
import { RecordEditorModal, useReportDirty } from './unsaved-changes';

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
                onDelete={() => remove.mutate(note.id)}
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
      <RecordEditorModal
        editing={editing}
        onClose={() => setEditing(null)}
        addTitle={t('deals.notes.addTitle')}
        editTitle={t('deals.notes.editTitle')}
      >
        {({ record, setDirty, onCancel, onDone }) => (
          <NoteForm dealId={dealId} note={record} setDirty={setDirty} onCancel={onCancel} onDone={onDone} />
        )}
      </RecordEditorModal>
    </Section>
  );
}

function NoteForm({
  dealId,
  note,
  setDirty,
  onCancel,
  onDone,
}: {
  dealId: number;
  note: DealNote | null;
  setDirty: (d: boolean) => void;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveNote(dealId);
  const form = useAppForm(createDealNote.body, { content: note?.content ?? '' });
  useReportDirty(form.formState.isDirty, setDirty);
  return (
    <AppForm
      form={form}
      aria-label={t('deals.notes.content')}
      onSubmit={async ({ content }) => {
        try {
          await save.mutateAsync({ ...(note ? { id: note.id } : {}), content });
          setDirty(false);
          onDone();
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('deals.cancel')}
          </Button>
          <Button type="submit">{t('deals.save')}</Button>
        </Group>
      </Stack>
    </AppForm>
  );
}
