import '../strings';
import { Anchor, NativeSelect, Paper, Stack, Table, Text } from '@mantine/core';
import type { ContactSummary } from '@slat/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconMail, IconPhone } from '../../../components/icons';
import { AnchorLink } from '../../../components/ui/router-links';
import type { ContactSort } from '../search';
import {
  type ContactColumn,
  type ContactListParams,
  contactListSearch,
  mailtoHref,
  nextSort,
  sortDirection,
  telHref,
} from './contact-list-logic';
import { SortableHeader } from './sortable-header';

type ListProps = {
  params: ContactListParams;
  onChange: (next: Partial<ContactListParams>) => void;
  data: ContactSummary[];
};

/** The contact's name, opening it over the list (the list's search, sort and page kept). */
function NameLink({ contact, params }: { contact: ContactSummary; params: ContactListParams }) {
  return (
    <AnchorLink
      to="/contacts/$contactId"
      params={{ contactId: contact.id }}
      search={contactListSearch(params)}
      fw={600}
    >
      {contact.name}
    </AnchorLink>
  );
}

/** An email as a mailto: link and a phone as a tel: link; nothing when there is none. */
export function ContactLink({ kind, value }: { kind: 'email' | 'phone'; value: string }) {
  if (!value) return null;
  return (
    <Anchor href={kind === 'email' ? mailtoHref(value) : telHref(value)} style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Anchor>
  );
}

function Empty({ searching, children }: { searching: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" ta="center" py="md">
      {children ?? (searching ? t('lists.noResults') : t('lists.nothingToDisplay'))}
    </Text>
  );
}

/** From 448 px: a table, its columns sorting the list; names, emails and phones wrap, none is cut off. */
export function ContactTable({ params, onChange, data }: ListProps) {
  const { t } = useTranslation();
  const sortable = (column: ContactColumn, label: string) => (
    <SortableHeader
      label={label}
      direction={sortDirection(params.sort, column)}
      onSort={() => onChange({ sort: nextSort(params.sort, column), page: 1 })}
    />
  );
  return (
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
              <Empty searching={Boolean(params.search)} />
            </Table.Td>
          </Table.Tr>
        )}
        {data.map((contact) => (
          <Table.Tr key={contact.id}>
            <Table.Td>
              <NameLink contact={contact} params={params} />
            </Table.Td>
            <Table.Td>
              <ContactLink kind="email" value={contact.email} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <ContactLink kind="phone" value={contact.phone} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A card's email or phone line: an icon naming it, and the link. */
function CardLine({ kind, value }: { kind: 'email' | 'phone'; value: string }) {
  const { t } = useTranslation();
  if (!value) return null;
  const Icon = kind === 'email' ? IconMail : IconPhone;
  return (
    <Text size="sm" mt={4} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
      <Icon size={14} aria-label={t(`contacts.${kind}`)} role="img" style={{ flexShrink: 0 }} />
      <ContactLink kind={kind} value={value} />
    </Text>
  );
}

const SORTS: ContactSort[] = ['name', '-name', 'email', '-email', 'phone', '-phone'];

/** On a phone: a card per contact (name, email, phone, nothing off-screen) and a sort picker. */
export function ContactCards({ params, onChange, data }: ListProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <NativeSelect
        label={t('contacts.sortLabel')}
        value={params.sort ?? 'name'}
        data={SORTS.map((sort) => ({ value: sort, label: t(`contacts.sorts.${sort}`) }))}
        onChange={(event) => onChange({ sort: event.currentTarget.value as ContactSort, page: 1 })}
      />
      {data.length === 0 ? (
        <Empty searching={Boolean(params.search)} />
      ) : (
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          aria-label={t('contacts.table')}
          style={{ listStyle: 'none' }}
        >
          {data.map((contact) => (
            <Paper component="li" key={contact.id} withBorder radius="sm" px="sm" py="xs">
              <NameLink contact={contact} params={params} />
              <CardLine kind="email" value={contact.email} />
              <CardLine kind="phone" value={contact.phone} />
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
