import '../strings';
import { Anchor, Button, Group, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IconExternalLink, IconSearch } from '../../../components/icons';
import { StatusAlert } from '../../../components/ui/status-alert';
import { QUERY_CRITERIA_DEBOUNCE_MS } from '../../../config/constants';
import { formatDay } from '../../../lib/format';
import { useDebouncedUrlText } from '../../../lib/use-debounced-url-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  documentCategoriesQueryOptions,
  linkedSuppliersQueryOptions,
  supplierDocumentsQueryOptions,
} from '../api/documents';
import {
  type DocumentFilters,
  documentFiltersSearch,
  filterDocuments,
  parseDocumentFilters,
  typeOptions,
} from '../components/document-filters';

const documentsApi = getRouteApi('/signed-in/documents');

/** §2 Documents: the suppliers' documents, newest first; a row opens the document in a new tab. */
export function DocumentsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.documents'));
  const filters = parseDocumentFilters(documentsApi.useSearch());
  const navigate = useNavigate();
  const update = (next: Partial<DocumentFilters>) =>
    void navigate({
      to: '/documents',
      search: documentFiltersSearch({ ...filters, ...next }),
      replace: true,
    });
  const [text, setText] = useDebouncedUrlText(
    filters.search,
    (search) => update({ search }),
    QUERY_CRITERIA_DEBOUNCE_MS,
  );
  const documents = useQuery(supplierDocumentsQueryOptions);
  const suppliers = useQuery(linkedSuppliersQueryOptions);
  const categories = useQuery(documentCategoriesQueryOptions);
  // §6: the Supplier filter and column need more than one supplier
  const manySuppliers = (suppliers.data?.length ?? 0) > 1;
  const types = useMemo(() => {
    const known = typeOptions(categories.data ?? []);
    const extra = (documents.data ?? []).map((d) => d.type).filter((type) => !known.includes(type));
    return [...known, ...new Set(extra)];
  }, [categories.data, documents.data]);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('pages.documents')}
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('lists.search')}
          placeholder={t('documents.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
        <Select
          label={t('documents.type')}
          placeholder={t('documents.anyType')}
          data={types}
          value={filters.type || null}
          onChange={(type) => update({ type: type ?? '' })}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
        {manySuppliers && (
          <Select
            label={t('documents.supplier')}
            placeholder={t('documents.anySupplier')}
            data={(suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={filters.supplier || null}
            onChange={(supplier) => update({ supplier: supplier ?? '' })}
            clearable
            searchable
            w={{ base: '100%', xs: 240 }}
          />
        )}
      </Group>
      {documents.isError && !documents.data ? (
        <StatusAlert kind="error" title={t('lists.loadFailed')}>
          <Button mt="xs" size="xs" variant="default" onClick={() => void documents.refetch()}>
            {t('app.retry')}
          </Button>
        </StatusAlert>
      ) : !documents.data || suppliers.isPending ? (
        <Stack gap="sm" aria-busy="true" role="progressbar" aria-label={t('app.loading')}>
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : (
        <DocumentTable
          documents={filterDocuments(documents.data, filters, { supplierFilter: manySuppliers })}
          showSupplier={manySuppliers}
        />
      )}
    </Stack>
  );
}

function DocumentTable({
  documents,
  showSupplier,
}: {
  documents: ReturnType<typeof filterDocuments>;
  showSupplier: boolean;
}) {
  const { t } = useTranslation();
  const columns = showSupplier ? 4 : 3;
  return (
    <Table.ScrollContainer minWidth={showSupplier ? 560 : 440}>
      <Table aria-label={t('documents.table')} highlightOnHover striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('documents.name')}</Table.Th>
            <Table.Th>{t('documents.type')}</Table.Th>
            {showSupplier && <Table.Th>{t('documents.supplier')}</Table.Th>}
            <Table.Th aria-sort="descending">{t('documents.created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text c="dimmed" ta="center" py="md">
                  {t('documents.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {documents.map((doc) => (
            <Table.Tr
              key={doc.id}
              style={{ cursor: 'pointer' }}
              onClick={() => window.open(doc.url, '_blank', 'noopener,noreferrer')}
            >
              <Table.Td miw={200}>
                <Anchor
                  href={doc.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  fw={600}
                  aria-label={t('documents.opens', { name: doc.name })}
                  onClick={(event) => event.stopPropagation()}
                >
                  <Group gap={6} wrap="nowrap" component="span">
                    {doc.name}
                    <IconExternalLink size={14} aria-hidden style={{ flexShrink: 0 }} />
                  </Group>
                </Anchor>
              </Table.Td>
              <Table.Td>{doc.type}</Table.Td>
              {showSupplier && <Table.Td miw={150}>{doc.manufacturer_name}</Table.Td>}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(new Date(doc.created_at))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
