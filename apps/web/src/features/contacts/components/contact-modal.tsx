import '../strings';
import { Button, Code, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { Contact } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCopy, IconEdit, IconExternalLink } from '../../../components/icons';
import { AnchorLink } from '../../../components/ui/router-links';
import { StatusAlert } from '../../../components/ui/status-alert';
import { ApiError } from '../../../lib/api/errors';
import { PAGE_MODAL, useEscapeClosesTopmost } from '../../../lib/modal-escape';
import { showToast } from '../../../lib/notify';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { contactQueryOptions } from '../api/get-contact';
import { ContactFormModal } from './contact-form';
import { ContactLink } from './contact-list';
import type { ContactListSearch } from './contact-list-logic';

/** The external data as the provider sent it, indented for reading and copying. */
const rawDataText = (data: unknown): string => JSON.stringify(data ?? null, null, 2);

/** §2 /contacts/{contactId}: name, email, phone, related deals, provider link and raw data. */
export function ContactModal({
  contactId,
  listSearch,
  onClose,
}: {
  contactId: string;
  /** The list's parameters under the modal, kept by a deal opened from it. */
  listSearch: ContactListSearch;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const breakpoint = useBreakpoint();
  const query = useQuery(contactQueryOptions(contactId));
  const contact = query.data;
  useDocumentTitle(contact?.name ?? t('pages.contact'));
  const missing =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  // Escape closes this modal only when nothing is over it (a deal opened from it closes first)
  const modalId = useId();
  useEscapeClosesTopmost(modalId, onClose);
  return (
    <Modal
      id={modalId}
      {...PAGE_MODAL}
      opened
      closeOnEscape={false}
      onClose={onClose}
      size="xl"
      fullScreen={breakpoint === 'verySmall'}
      title={contact?.name ?? t('pages.contact')}
      closeButtonProps={{ 'aria-label': t('lists.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {query.isError && (
        <StatusAlert kind="error" title={missing ? t('contacts.notFound') : t('contacts.loadFailed')}>
          {!missing && (
            <Button mt="xs" size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('app.retry')}
            </Button>
          )}
        </StatusAlert>
      )}
      {query.isPending && (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label={t('app.loading')} />
        </Group>
      )}
      {contact && <ContactDetail contact={contact} listSearch={listSearch} />}
    </Modal>
  );
}

function ContactDetail({ contact, listSearch }: { contact: Contact; listSearch: ContactListSearch }) {
  const { t } = useTranslation();
  const [showRaw, setShowRaw] = useState(false);
  const [editing, setEditing] = useState(false);
  const fields = [
    { label: t('contacts.name'), value: contact.name },
    {
      label: t('contacts.email'),
      value: contact.email && <ContactLink kind="email" value={contact.email} />,
    },
    {
      label: t('contacts.phone'),
      value: contact.phone && <ContactLink kind="phone" value={contact.phone} />,
    },
  ];
  return (
    <Stack gap="lg">
      <Stack component="dl" gap={6} m={0}>
        {fields.map((f) => (
          <Group key={f.label} gap="sm" wrap="nowrap" align="baseline">
            <Text component="dt" size="sm" c="dimmed" w={64} style={{ flexShrink: 0 }}>
              {f.label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {f.value || '—'}
            </Text>
          </Group>
        ))}
      </Stack>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconEdit size={16} aria-hidden />}
          aria-label={t('contacts.editContact', { name: contact.name })}
          onClick={() => setEditing(true)}
        >
          {t('contacts.edit')}
        </Button>
        {contact.externalLink && (
          <Button
            component="a"
            href={contact.externalLink}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            {t('contacts.openInProvider')}
          </Button>
        )}
        <Button variant="default" aria-expanded={showRaw} onClick={() => setShowRaw((v) => !v)}>
          {showRaw ? t('contacts.hideRawData') : t('contacts.viewRawData')}
        </Button>
      </Group>
      {showRaw && <RawData data={contact.externalData} />}
      <RelatedDeals contact={contact} listSearch={listSearch} />
      <ContactFormModal editing={editing ? contact : null} onClose={() => setEditing(false)} />
    </Stack>
  );
}

function RawData({ data }: { data: unknown }) {
  const { t } = useTranslation();
  const text = rawDataText(data);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ message: t('contacts.copied'), color: 'teal' });
    } catch {
      showToast({ message: t('contacts.copyFailed'), color: 'red' });
    }
  };
  return (
    <Stack gap="xs" component="section" aria-label={t('contacts.rawData')}>
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('contacts.rawData')}
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCopy size={14} aria-hidden />}
          onClick={() => void copy()}
        >
          {t('contacts.copy')}
        </Button>
      </Group>
      {data === null || data === undefined ? (
        <Text c="dimmed">{t('contacts.noRawData')}</Text>
      ) : (
        <Code block style={{ maxHeight: '40vh', overflow: 'auto' }} tabIndex={0}>
          {text}
        </Code>
      )}
    </Stack>
  );
}

/** Long words (a name, a description) break, so the four columns fit a phone. */
const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/**
 * The contact's deals; one opens over the contact (/contacts/{contactId}/{workflowSlug}/{dealId}),
 * so closing it comes back here. The columns wrap rather than scroll, so a phone sees them all.
 */
function RelatedDeals({ contact, listSearch }: { contact: Contact; listSearch: ContactListSearch }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="xs" component="section" aria-labelledby="related-deals">
      <Title order={3} size="h5" id="related-deals">
        {t('contacts.relatedDeals')}
      </Title>
      <Table highlightOnHover aria-labelledby="related-deals" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('contacts.dealId')}</Table.Th>
            <Table.Th>{t('contacts.status')}</Table.Th>
            <Table.Th>{t('contacts.customer')}</Table.Th>
            <Table.Th>{t('contacts.description')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contact.relatedDeals.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4} c="dimmed">
                {t('lists.nothingToDisplay')}
              </Table.Td>
            </Table.Tr>
          )}
          {contact.relatedDeals.map((deal) => {
            const to = '/contacts/$contactId/$workflowSlug/$dealId';
            const params = {
              contactId: contact.id,
              workflowSlug: deal.workflowSlug,
              dealId: String(deal.id),
            };
            return (
              <Table.Tr
                key={deal.id}
                style={{ cursor: 'pointer' }}
                onClick={() => void navigate({ to, params, search: listSearch })}
              >
                <Table.Td>
                  <AnchorLink
                    to={to}
                    params={params}
                    search={listSearch}
                    aria-label={t('contacts.openDeal', { tuid: deal.tuid })}
                    onClick={(event) => event.stopPropagation()}
                  >
                    #{deal.tuid}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>{deal.status}</Table.Td>
                <Table.Td style={breakAnywhere}>{deal.customer}</Table.Td>
                <Table.Td style={breakAnywhere}>{deal.description}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
