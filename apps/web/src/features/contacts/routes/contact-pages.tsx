import '../strings';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import type { ContactSummary } from '@slat/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Outlet, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconDownload, IconPlus, IconSearch } from '../../../components/icons';
import { ListPager } from '../../../components/ui/list-pager';
import { QueryView } from '../../../components/ui/query-view';
import { CONTACTS_SEARCH_DEBOUNCE_MS } from '../../../config/constants';
import { API_BASE } from '../../../lib/api/client';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useDebouncedUrlText } from '../../../lib/use-debounced-url-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { searchContactsQueryOptions } from '../api/search-contacts';
import { ContactFormModal } from '../components/contact-form';
import { ContactCards, ContactTable } from '../components/contact-list';
import {
  type ContactListParams,
  clampPage,
  contactListSearch,
  contactListSearchFrom,
  contactPageSize,
  exportHref,
  pageCount,
  pageOffset,
  parseContactListParams,
} from '../components/contact-list-logic';
import { ContactModal } from '../components/contact-modal';
import { ImportContactsButton, ImportHint } from '../components/import-contacts';

const contactsApi = getRouteApi('/signed-in/contacts');
const contactApi = getRouteApi('/signed-in/contacts/$contactId');

function useContactListParams() {
  const params = parseContactListParams(contactsApi.useSearch());
  const navigate = useNavigate();
  const update = (next: Partial<ContactListParams>) =>
    void navigate({ to: '/contacts', search: contactListSearch({ ...params, ...next }), replace: true });
  return { params, update };
}

/**
 * §2 /contacts: the searchable, paged list; a contact opens as a modal over it (child route). New
 * contact adds one and opens it; Export downloads what the list shows (its search, in its order).
 */
export function ContactsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.contacts'));
  const navigate = useNavigate();
  const { params, update } = useContactListParams();
  const [adding, setAdding] = useState(false);
  const [text, setText] = useDebouncedUrlText(
    params.search,
    (search) => update({ search, page: 1 }),
    CONTACTS_SEARCH_DEBOUNCE_MS,
  );
  const opened = (contact: ContactSummary) =>
    void navigate({
      to: '/contacts/$contactId',
      params: { contactId: contact.id },
      search: contactListSearch(params),
    });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('pages.contacts')}
        </Title>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('contacts.newContact')}
          </Button>
          <ImportContactsButton />
          <Button
            component="a"
            href={exportHref(API_BASE, params)}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('contacts.export')}
          </Button>
        </Group>
      </Group>
      <ImportHint />
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
      <ContactFormModal editing={adding ? 'new' : null} onClose={() => setAdding(false)} onSaved={opened} />
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
        <PagedContacts
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

/** Paging above and below the contacts: a table, or a card per contact on a phone. */
function PagedContacts({
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
  const phone = useBreakpoint() === 'verySmall';
  const top = useRef<HTMLDivElement>(null);
  const pages = pageCount(total, pageSize);
  const page = clampPage(params.page, total, pageSize);
  const List = phone ? ContactCards : ContactTable;
  return (
    <Stack gap="sm" aria-busy={busy} ref={top}>
      <ListPager
        total={total}
        page={page}
        pages={pages}
        onPage={(to) => onChange({ page: to })}
        endLabel={t('contacts.pagingEnd')}
      />
      <List params={params} onChange={onChange} data={data} />
      {pages > 1 && (
        <ListPager
          end
          endLabel={t('contacts.pagingEnd')}
          total={total}
          page={page}
          pages={pages}
          onPage={(to) => {
            onChange({ page: to });
            top.current?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
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
      <ContactModal
        contactId={contactId}
        listSearch={search}
        onClose={() => void navigate({ to: '/contacts', search })}
      />
      <Outlet />
    </>
  );
}
