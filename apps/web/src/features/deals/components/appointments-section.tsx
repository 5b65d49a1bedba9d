import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Menu,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { DealDetail, DealEvent } from '@slat/contracts';
import { IconDots } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditDeleteActions } from '../../../components/ui/edit-delete-actions';
import { ApiError } from '../../../lib/api/errors';
import { formatDate, formatTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n/i18n';
import { notifyDealError } from '../api/deals';
import { eventsQueryOptions, useCalendarFeed, useDeleteEvent, useSaveEvent } from '../api/records';
import {
  type AppointmentErrors,
  type AppointmentValues,
  appointmentHeader,
  browserTimeZone,
  defaultAppointment,
  QUARTER_TIMES,
  switchAllDay,
  toTemporalData,
  validateAppointment,
  valuesFromEvent,
} from './appointment-logic';
import { Section } from './section';
import { RecordEditorModal } from './unsaved-changes';

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
                onDelete={() => remove.mutate(event.id)}
              />
            </Group>
          </Paper>
        ))}
      </Stack>
      <RecordEditorModal
        editing={editing}
        onClose={() => setEditing(null)}
        addTitle={t('deals.appointments.addTitle')}
        editTitle={t('deals.appointments.editTitle')}
      >
        {({ record, setDirty, onCancel, onDone }) => (
          <AppointmentForm
            deal={deal}
            event={record}
            setDirty={setDirty}
            onCancel={onCancel}
            onDone={onDone}
          />
        )}
      </RecordEditorModal>
      <CalendarFeedModal opened={feedOpen} onClose={() => setFeedOpen(false)} />
    </Section>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

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

function whenText(event: DealEvent): string {
  const td = event.temporalData;
  const d = (s: string) => formatDate(new Date(`${s}T00:00:00`));
  if ('date' in td) return d(td.date.date);
  if ('datespan' in td) return `${d(td.datespan.start)} – ${d(td.datespan.end)}`;
  const start = new Date(event.startsAt);
  const end = new Date(event.endsAt);
  if ('time' in td) return `${formatDate(start)} ${formatTime(start)}`;
  return `${formatDate(start)} ${formatTime(start)} – ${formatDate(end) === formatDate(start) ? '' : `${formatDate(end)} `}${formatTime(end)}`;
}

function AppointmentForm({
  deal,
  event,
  setDirty,
  onCancel,
  onDone,
}: {
  deal: DealDetail;
  event: DealEvent | null;
  setDirty: (d: boolean) => void;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveEvent(deal.id);
  const [values, setValues] = useState<AppointmentValues>(() =>
    event ? valuesFromEvent(event) : defaultAppointment(new Date(), deal.context.workflow.name, deal.tuid),
  );
  const [errors, setErrors] = useState<AppointmentErrors>({});
  const set = (patch: Partial<AppointmentValues>) => {
    setDirty(true);
    setValues((v) => ({ ...v, ...patch }));
  };
  const err = (key: keyof AppointmentValues) => (errors[key] ? translateMessage(errors[key]) : undefined);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateAppointment(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({
        ...(event ? { id: event.id } : {}),
        title: values.title.trim(),
        location: values.location.trim(),
        description: values.description,
        temporalData: toTemporalData(values, browserTimeZone()),
      });
      setDirty(false);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) {
        const next: AppointmentErrors = {};
        for (const f of error.fields) {
          if (f.path === 'title') next.title = f.message;
          else next.endTime = f.message;
        }
        setErrors(next);
      } else notifyDealError(error);
    }
  };
  const timeOptions = QUARTER_TIMES;
  return (
    <form onSubmit={submit} noValidate aria-label={t('deals.modal.appointments')}>
      <fieldset disabled={save.isPending} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <TextInput
            label={t('deals.appointments.titleLabel')}
            required
            value={values.title}
            maxLength={200}
            onChange={(e) => set({ title: e.currentTarget.value })}
            error={err('title')}
            data-autofocus
          />
          <Switch
            label={t('deals.appointments.allDay')}
            checked={values.allDay}
            onChange={(e) => {
              const allDay = e.currentTarget.checked;
              setDirty(true);
              setValues((v) => switchAllDay(v, allDay));
            }}
          />
          <Group grow align="flex-start" gap="xs">
            <TextInput
              type="date"
              label={t('deals.appointments.startDate')}
              value={values.startDate}
              onChange={(e) => set({ startDate: e.currentTarget.value })}
            />
            {!values.allDay && (
              <NativeSelect
                label={t('deals.appointments.startTime')}
                value={values.startTime}
                data={timeOptions}
                onChange={(e) => set({ startTime: e.currentTarget.value })}
              />
            )}
          </Group>
          <Group grow align="flex-start" gap="xs">
            <TextInput
              type="date"
              label={t('deals.appointments.endDate')}
              value={values.endDate}
              onChange={(e) => set({ endDate: e.currentTarget.value })}
              error={err('endDate')}
            />
            {!values.allDay && (
              <NativeSelect
                label={t('deals.appointments.endTime')}
                value={values.endTime}
                data={timeOptions}
                onChange={(e) => set({ endTime: e.currentTarget.value })}
                error={err('endTime')}
              />
            )}
          </Group>
          <TextInput
            label={t('deals.appointments.location')}
            value={values.location}
            maxLength={500}
            onChange={(e) => set({ location: e.currentTarget.value })}
          />
          <Textarea
            label={t('deals.appointments.description')}
            value={values.description}
            maxLength={5000}
            autosize
            minRows={2}
            onChange={(e) => set({ description: e.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('deals.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('deals.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

/** Beyond the spec: the user's private .ics address, to subscribe to in any calendar app. */
function CalendarFeedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const feed = useCalendarFeed();
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
