import '../strings';
import {
  Badge,
  Button,
  Group,
  Loader,
  MultiSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Person } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Navigate, Outlet, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useFormModal } from '../../../components/form/form-modal';
import { IconArchive, IconPencil, IconPlus, IconSearch } from '../../../components/icons';
import { QueryView } from '../../../components/ui/query-view';
import { AnchorLink } from '../../../components/ui/router-links';
import { QUERY_CRITERIA_DEBOUNCE_MS } from '../../../config/constants';
import { firstClickOnly } from '../../../lib/clicks';
import { confirmDestructive } from '../../../lib/confirm';
import { notifySuccess } from '../../../lib/notify';
import { useDebouncedUrlText } from '../../../lib/use-debounced-url-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { personnelLabelsQueryOptions, personnelQueryOptions, useArchivePerson } from '../api/personnel';
import { PersonBadge } from '../components/person-badge';
import { PersonForm } from '../components/person-form';
import {
  filterPersonnel,
  type PersonnelFilters,
  parsePersonnelFilters,
  personnelFiltersSearch,
} from '../components/personnel-logic';

const personnelApi = getRouteApi('/signed-in/personnel');
const personApi = getRouteApi('/signed-in/personnel/$personId');

function usePersonnelFilters() {
  const filters = parsePersonnelFilters(personnelApi.useSearch());
  const navigate = useNavigate();
  const update = (next: Partial<PersonnelFilters>) =>
    void navigate({
      to: '/personnel',
      search: personnelFiltersSearch({ ...filters, ...next }),
      replace: true,
    });
  return { filters, update };
}

/** §2 Personnel (feature flag): the list with Search and Labels filters; a person opens over it. */
export function PersonnelPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.personnel'));
  const { filters, update } = usePersonnelFilters();
  const [text, setText] = useDebouncedUrlText(
    filters.search,
    (search) => update({ search }),
    QUERY_CRITERIA_DEBOUNCE_MS,
  );
  const labels = useQuery(personnelLabelsQueryOptions);
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('pages.personnel')}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {t('personnel.add')}
        </Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('personnel.search')}
          placeholder={t('personnel.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
        <MultiSelect
          label={t('personnel.labels')}
          placeholder={filters.labels.length ? undefined : t('personnel.labelsPlaceholder')}
          data={[...new Set([...(labels.data ?? []), ...filters.labels])]}
          value={filters.labels}
          onChange={(next) => update({ labels: next })}
          clearable
          searchable
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      <PersonnelTable filters={filters} />
      <FormModal opened={adding} onClose={() => setAdding(false)} title={t('personnel.addTitle')} size="md">
        <AddPersonForm
          onAdded={(id) =>
            void navigate({
              to: '/personnel/$personId',
              params: { personId: String(id) },
              search: personnelFiltersSearch(filters),
            })
          }
        />
      </FormModal>
      <Outlet />
    </Stack>
  );
}

function AddPersonForm({ onAdded }: { onAdded: (id: number) => void }) {
  const { t } = useTranslation();
  const modal = useFormModal();
  return (
    <PersonForm
      onSaved={(saved) => {
        modal.close();
        notifySuccess(t('personnel.added'), saved.name);
        onAdded(saved.id);
      }}
    />
  );
}

function PersonnelTable({ filters }: { filters: PersonnelFilters }) {
  const { t } = useTranslation();
  const query = useQuery(personnelQueryOptions);
  const people = useMemo(
    () => (query.data ? filterPersonnel(query.data, filters) : []),
    [query.data, filters],
  );
  const search = personnelFiltersSearch(filters);
  return (
    <QueryView query={query} failedTitle={t('lists.loadFailed')} skeletonRows={2}>
      {() => (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('personnel.table')} highlightOnHover striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('personnel.name')}</Table.Th>
                <Table.Th>{t('personnel.email')}</Table.Th>
                <Table.Th>{t('personnel.labels')}</Table.Th>
                <Table.Th>{t('personnel.notes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" ta="center" py="md">
                      {t('personnel.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {people.map((person) => (
                <Table.Tr key={person.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap" miw={160}>
                      <PersonBadge person={person} size="sm" />
                      <AnchorLink
                        to="/personnel/$personId"
                        params={{ personId: String(person.id) }}
                        search={search}
                        fw={600}
                      >
                        {person.name}
                      </AnchorLink>
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{person.email}</Table.Td>
                  <Table.Td>
                    <LabelBadges labels={person.labels} />
                  </Table.Td>
                  <Table.Td miw={180}>
                    <Text size="sm" lineClamp={2}>
                      {person.notes}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryView>
  );
}

function LabelBadges({ labels }: { labels: string[] }) {
  return (
    <Group gap={4}>
      {labels.map((label) => (
        <Badge key={label} variant="outline" color="gray.8" tt="none">
          {label}
        </Badge>
      ))}
    </Group>
  );
}

/** /personnel/{personId}: the person over the list, with Edit and Archive; unknown → /personnel. */
export function PersonPage() {
  const { t } = useTranslation();
  const { personId } = personApi.useParams();
  const search = personnelFiltersSearch(parsePersonnelFilters(personApi.useSearch()));
  const navigate = useNavigate();
  const query = useQuery(personnelQueryOptions);
  const person = query.data?.find((p) => String(p.id) === personId);
  const [editing, setEditing] = useState(false);
  useDocumentTitle(person?.name ?? t('pages.person'));
  const close = () => void navigate({ to: '/personnel', search });
  if (query.data && !person) return <Navigate to="/personnel" search={search} replace />;
  return (
    <FormModal
      opened
      onClose={close}
      size="md"
      title={editing ? t('personnel.editTitle') : (person?.name ?? t('pages.person'))}
    >
      {!person && (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label={t('app.loading')} />
        </Group>
      )}
      {person && editing && <EditPerson person={person} onDone={() => setEditing(false)} />}
      {person && !editing && (
        <PersonDetail person={person} onEdit={() => setEditing(true)} onArchived={close} />
      )}
    </FormModal>
  );
}

/** Edit inside the person's modal: Cancel goes back to the person, asking first when there are changes. */
function EditPerson({ person, onDone }: { person: Person; onDone: () => void }) {
  const { t } = useTranslation();
  const modal = useFormModal();
  return (
    <PersonForm
      person={person}
      onCancel={() => void modal.mayDiscard().then((back) => back && onDone())}
      onSaved={(saved) => {
        modal.release();
        // the name as saved now, not as it was when the window opened
        notifySuccess(t('personnel.saved'), saved.name);
        onDone();
      }}
    />
  );
}

function PersonDetail({
  person,
  onEdit,
  onArchived,
}: {
  person: Person;
  onEdit: () => void;
  onArchived: () => void;
}) {
  const { t } = useTranslation();
  const archive = useArchivePerson();
  const rows = [
    { label: t('personnel.email'), value: <Text style={{ overflowWrap: 'anywhere' }}>{person.email}</Text> },
    {
      label: t('personnel.labels'),
      value: person.labels.length ? (
        <LabelBadges labels={person.labels} />
      ) : (
        <Text c="dimmed">{t('personnel.noLabels')}</Text>
      ),
    },
    {
      label: t('personnel.notes'),
      value: person.notes ? (
        <Text style={{ whiteSpace: 'pre-wrap' }}>{person.notes}</Text>
      ) : (
        <Text c="dimmed">{t('personnel.noNotes')}</Text>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <PersonBadge person={person} size="lg" />
        <Text fw={700} size="lg">
          {person.name}
        </Text>
      </Group>
      <Stack component="dl" gap={8} m={0}>
        {rows.map((row) => (
          <Stack key={row.label} gap={2}>
            <Text component="dt" size="sm" c="dimmed">
              {row.label}
            </Text>
            <dd style={{ margin: 0 }}>{row.value}</dd>
          </Stack>
        ))}
      </Stack>
      <Group gap="sm" justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconArchive size={16} aria-hidden />}
          loading={archive.isPending}
          onClick={firstClickOnly(
            () =>
              // decision 012: no call brings a person back, so archiving asks first
              void confirmDestructive({
                title: t('personnel.archiveTitle', { name: person.name }),
                message: t('personnel.archiveMessage'),
                confirmLabel: t('personnel.archive'),
                action: () => archive.mutateAsync(person.id),
              }).then((done) => {
                if (!done) return;
                notifySuccess(t('personnel.archived'), person.name);
                onArchived();
              }),
          )}
        >
          {t('personnel.archive')}
        </Button>
        <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          {t('personnel.edit')}
        </Button>
      </Group>
    </Stack>
  );
}
