import '../strings';
import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ContactSummary } from '@slat/contracts';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Outlet, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { AnchorLink } from '../../../components/ui/router-links';
import { CONTACTS_SEARCH_DEBOUNCE_MS } from '../../../config/constants';
import { API_BASE } from '../../../lib/api/client';
import { useDebouncedUrlText } from '../../../lib/use-debounced-url-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { searchContactsQueryOptions } from '../api/search-contacts';
import {
  type ContactColumn,
  type ContactListParams,
  clampPage,
  contactListSearch,
  contactListSearchFrom,
  contactPageSize,
  nextSort,
  pageCount,
  pageOffset,
  parseContactListParams,
  sortDirection,
} from '../components/contact-list-logic';
import { ContactModal } from '../components/contact-modal';
import { ImportContactsButton } from '../components/import-contacts';
import { ListPager } from '../components/list-pager';
import { SortableHeader } from '../components/sortable-header';

const contactsApi = getRouteApi('/signed-in/contacts');
const contactApi = getRouteApi('/signed-in/contacts/$contactId');

function useContactListParams() {
  const params = parseContactListParams(contactsApi.useSearch());
  const navigate = useNavigate();
  const update = (next: Partial<ContactListParams>) =>
    void navigate({ to: '/contacts', search: contactListSearch({ ...params, ...next }), replace: true });
  return { params, update };
}

/** §2 /contacts: the searchable, paged list; a contact opens as a modal over it (child route). */
export function ContactsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.contacts'));
  const { params, update } = useContactListParams();
  const [text, setText] = useDebouncedUrlText(
    params.search,
    (search) => update({ search, page: 1 }),
    CONTACTS_SEARCH_DEBOUNCE_MS,
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('pages.contacts')}
        </Title>
        <Group gap="xs">
          <ImportContactsButton />
          <Button
            component="a"
            href={`${API_BASE}/contacts/export`}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('contacts.export')}
          </Button>
        </Group>
      </Group>
      <TextInput
        label={t('lists.search')}
        placeholder={t('contacts.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        type="search"
        maw={420}
      />
      <ContactList params={params} onChange={update} />
      <Outlet />
    </Stack>
  );
}

function ContactList({
  params,
  onChange,
}: {
  params: ContactListParams;
  onChange: (next: Partial<ContactListParams>) => void;
}) {
  const { t } = useTranslation();
  const pageSize = contactPageSize(params.search);
  const query = useQuery({
    ...searchContactsQueryOptions({
      search: params.search,
      sort: params.sort,
      limit: pageSize,
      offset: pageOffset(params.page, pageSize),
    }),
    // the previous page stays on screen while the next loads
    placeholderData: keepPreviousData,
  });
  return (
    <QueryView query={query} failedTitle={t('lists.loadFailed')}>
      {({ total, data }) => (
        <ContactTable
          params={params}
          onChange={onChange}
          total={total}
          data={data}
          pageSize={pageSize}
          busy={query.isFetching}
        />
      )}
    </QueryView>
  );
}

function ContactTable({
  params,
  onChange,
  total,
  data,
  pageSize,
  busy,
}: {
  params: ContactListParams;
  onChange: (next: Partial<ContactListParams>) => void;
  total: number;
  data: ContactSummary[];
  pageSize: number;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  const page = clampPage(params.page, total, pageSize);
  const sortable = (column: ContactColumn, label: string) => (
    <SortableHeader
      label={label}
      direction={sortDirection(params.sort, column)}
      onSort={() => onChange({ sort: nextSort(params.sort, column), page: 1 })}
    />
  );
  const linkSearch = contactListSearch(params);
  return (
    <Stack gap="sm" aria-busy={busy}>
      <ListPager total={total} page={page} pages={pages} onPage={(to) => onChange({ page: to })} />
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label={t('contacts.table')} highlightOnHover striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {sortable('name', t('contacts.name'))}
              {sortable('email', t('contacts.email'))}
              {sortable('phone', t('contacts.phone'))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed" ta="center" py="md">
                    {params.search ? t('lists.noResults') : t('lists.nothingToDisplay')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {data.map((contact) => (
              <Table.Tr key={contact.id}>
                <Table.Td>
                  <AnchorLink
                    to="/contacts/$contactId"
                    params={{ contactId: contact.id }}
                    search={linkSearch}
                    fw={600}
                  >
                    {contact.name}
                  </AnchorLink>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{contact.email}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{contact.phone}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** /contacts/{contactId}: the contact over the list; a deal may open over it (child route). */
export function ContactPage() {
  const { contactId } = contactApi.useParams();
  const search = contactListSearchFrom(contactApi.useSearch());
  const navigate = useNavigate();
  return (
    <>
      <ContactModal contactId={contactId} onClose={() => void navigate({ to: '/contacts', search })} />
      <Outlet />
    </>
  );
}
