import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Menu,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { DealDetail, DealEvent } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelectField, SwitchField } from '../../../components/form/choice-fields';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons, RecordFormModal, useFormModal } from '../../../components/form/form-modal';
import { TextareaField } from '../../../components/form/textarea-field';
import { useAppForm } from '../../../components/form/use-app-form';
import { IconDots } from '../../../components/icons';
import { EditDeleteActions } from '../../../components/ui/edit-delete-actions';
import { ApiError } from '../../../lib/api/errors';
import { confirmDestructive } from '../../../lib/confirm';
import { formatDateTime, formatDateTimeRange, formatDayRange, localDay } from '../../../lib/format';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { notifyDealError } from '../api/deals';
import { eventsQueryOptions, useCalendarFeed, useDeleteEvent, useSaveEvent } from '../api/records';
import {
  type AppointmentValues,
  appointmentFormSchema,
  appointmentHeader,
  browserTimeZone,
  defaultAppointment,
  QUARTER_TIME_OPTIONS,
  switchAllDay,
  toTemporalData,
  valuesFromEvent,
} from './appointment-logic';
import { Section } from './section';

export function AppointmentsSection({ deal, readOnly }: { deal: DealDetail; readOnly: boolean }) {
  const { t } = useTranslation();
  const events = useQuery(eventsQueryOptions(deal.id));
  const remove = useDeleteEvent(deal.id);
  const [editing, setEditing] = useState<DealEvent | 'new' | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const now = new Date();
  return (
    <Section
      title={t('deals.modal.appointments')}
      actions={
        <>
          <Button size="xs" variant="light" disabled={readOnly} onClick={() => setEditing('new')}>
            {t('deals.appointments.add')}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('deals.appointments.menu')}>
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setFeedOpen(true)}>{t('deals.appointments.feed')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </>
      }
    >
      {events.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('deals.appointments.none')}
        </Text>
      )}
      <Stack gap="xs">
        {events.data?.map((event) => (
          <Paper key={event.id} withBorder p="xs" radius="sm" data-testid="appointment">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="xs" fw={600} c="slat.8">
                  {headerText(t, appointmentHeader(event, now))}
                </Text>
                <Text size="sm" fw={600}>
                  {event.title}
                </Text>
                <Text size="xs">{whenText(event)}</Text>
                {event.location && (
                  <Text size="xs" c="dimmed">
                    {event.location}
                  </Text>
                )}
              </Stack>
              <EditDeleteActions
                editLabel={t('deals.appointments.editAppointment', { title: event.title })}
                deleteLabel={t('deals.appointments.deleteAppointment', { title: event.title })}
                disabled={readOnly}
                onEdit={() => setEditing(event)}
                pending={remove.isPending && remove.variables === event.id}
                onDelete={() =>
                  void confirmDestructive({
                    title: t('deals.appointments.deleteTitle'),
                    message: t('deals.appointments.deleteMessage', {
                      title: event.title,
                      when: whenText(event),
                    }),
                    confirmLabel: t('deals.appointments.deleteTitle'),
                    action: () => remove.mutateAsync(event.id),
                  })
                }
              />
            </Group>
          </Paper>
        ))}
      </Stack>
      <RecordFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        addTitle={t('deals.appointments.addTitle')}
        editTitle={t('deals.appointments.editTitle')}
      >
        {(record) => <AppointmentForm deal={deal} event={record} />}
      </RecordFormModal>
      <CalendarFeedModal opened={feedOpen} onClose={() => setFeedOpen(false)} />
    </Section>
  );
}

type T = TFunction;

function headerText(t: T, header: ReturnType<typeof appointmentHeader>): string {
  switch (header.kind) {
    case 'today':
      return t('deals.appointments.today');
    case 'now':
      return t('deals.appointments.now');
    case 'ended':
      return t('deals.appointments.ended', { relative: header.relative });
    case 'upcoming':
      return t('deals.appointments.upcoming', { relative: header.relative });
  }
}

/** §9: 'Today 8:15PM – 9:15PM', 'Tomorrow', '14/03/2026 – 16/03/2026'. */
function whenText(event: DealEvent): string {
  const td = event.temporalData;
  if ('date' in td) return formatDayRange(localDay(td.date.date), localDay(td.date.date));
  if ('datespan' in td) return formatDayRange(localDay(td.datespan.start), localDay(td.datespan.end));
  if ('time' in td) return formatDateTime(new Date(event.startsAt));
  return formatDateTimeRange(new Date(event.startsAt), new Date(event.endsAt));
}

function AppointmentForm({ deal, event }: { deal: DealDetail; event: DealEvent | null }) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const save = useSaveEvent(deal.id);
  const form = useAppForm(
    appointmentFormSchema,
    event ? valuesFromEvent(event) : defaultAppointment(new Date(), deal.context.workflow.name, deal.tuid),
  );
  const allDay = form.watch('allDay');
  // timed gives 09:00 to 10:00 (§9); the other fields follow the switch
  const onAllDay = (checked: boolean) => {
    const next = switchAllDay({ ...form.getValues(), allDay: !checked }, checked);
    for (const key of ['startTime', 'endTime', 'endDate'] as const)
      form.setValue(key, next[key], { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const onSubmit = async (values: AppointmentValues) => {
    try {
      await save.mutateAsync({
        ...(event ? { id: event.id } : {}),
        title: values.title.trim(),
        location: values.location.trim(),
        description: values.description,
        temporalData: toTemporalData(values, browserTimeZone()),
      });
      modal.close();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) {
        for (const f of error.fields)
          form.setError(f.path === 'title' ? 'title' : 'endTime', { type: 'server', message: f.message });
      } else notifyDealError(error);
    }
  };
  return (
    <AppForm form={form} onSubmit={onSubmit} aria-label={t('deals.modal.appointments')}>
      <Stack gap="sm">
        <TextField
          name="title"
          label={t('deals.appointments.titleLabel')}
          required
          maxLength={200}
          data-autofocus
        />
        <SwitchField name="allDay" label={t('deals.appointments.allDay')} onValueChange={onAllDay} />
        <Group grow align="flex-start" gap="xs">
          <TextField type="date" name="startDate" label={t('deals.appointments.startDate')} />
          {!allDay && (
            <NativeSelectField
              name="startTime"
              label={t('deals.appointments.startTime')}
              data={QUARTER_TIME_OPTIONS}
            />
          )}
        </Group>
        <Group grow align="flex-start" gap="xs">
          <TextField type="date" name="endDate" label={t('deals.appointments.endDate')} />
          {!allDay && (
            <NativeSelectField
              name="endTime"
              label={t('deals.appointments.endTime')}
              data={QUARTER_TIME_OPTIONS}
            />
          )}
        </Group>
        <TextField name="location" label={t('deals.appointments.location')} maxLength={500} />
        <TextareaField
          name="description"
          label={t('deals.appointments.description')}
          maxLength={5000}
          minRows={2}
        />
        <FormButtons submitLabel={t('deals.save')} />
      </Stack>
    </AppForm>
  );
}

/** Beyond the spec: the user's private .ics address, to subscribe to in any calendar app. */
function CalendarFeedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const feed = useCalendarFeed();
  const everOpened = useOpenedOnce(opened);
  if (!everOpened) return null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('deals.appointments.feedTitle')}
      closeButtonProps={{ 'aria-label': t('deals.close') }}
      zIndex={300}
    >
      <Stack gap="sm">
        <Text size="sm">{t('deals.appointments.feedHint')}</Text>
        {feed.data ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('deals.appointments.feedUrl')}
              value={feed.data.url}
              readOnly
              style={{ flex: 1 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={feed.data.url}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? t('deals.appointments.copied') : t('deals.appointments.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Group>
            <Button onClick={() => feed.mutate()} loading={feed.isPending}>
              {t('deals.appointments.feed')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
