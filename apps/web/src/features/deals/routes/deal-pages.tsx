import '../strings';
import {
  ActionIcon,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  Menu,
  MultiSelect,
  Popover,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { phases, type Workflow } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useChildMatches, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAdjustments, IconDots, IconPlus, IconSearch } from '../../../components/icons';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { QUERY_CRITERIA_DEBOUNCE_MS } from '../../../config/constants';
import { storage } from '../../../lib/storage';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useDealStream } from '../api/live-updates';
import { presetsQueryOptions } from '../api/records';
import {
  activeFilterCount,
  type BoardFilters,
  filterChips,
  filtersToListQuery,
  filtersToSearch,
  parseBoardFilters,
  parseSort,
  presetToSearch,
  searchToPreset,
} from '../components/board-filters';
import { KanbanBoard } from '../components/kanban-board';
import type { BoardSearch } from '../search';
import { boardApi, useBoardWorkflow } from './board-workflow';

// What the board shows only on request loads then, so a phone opening the board fetches and runs
// the board alone (the deal modal is its own route chunk: deal-page.tsx).
const DealFormModal = lazy(() =>
  import('../components/deal-form-modal').then((m) => ({ default: m.DealFormModal })),
);
const PresetsModal = lazy(() =>
  import('../components/presets-modal').then((m) => ({ default: m.PresetsModal })),
);
const DealTable = lazy(() => import('../components/deal-table').then((m) => ({ default: m.DealTable })));

type View = 'kanban' | 'table';
const VIEW_STORAGE_KEY = 'slat.dealView';

const storedView = (): View => (storage.get(VIEW_STORAGE_KEY) === 'table' ? 'table' : 'kanban');

/**
 * Whether the board's columns may render. A deal or quote opened straight from its address covers
 * the board, so its columns render just after the modal has painted rather than before it; on a
 * phone, where the modal fills the screen and nothing of the board shows, only once the modal
 * closes (the phone builds the deal alone). Opening one from the board changes nothing.
 */
function useBoardBehindModalReady(): boolean {
  const modalOpen = useChildMatches().length > 0;
  const [ready, setReady] = useState(!modalOpen);
  // the deal and quote modals are full screen at this breakpoint (deal-modal.tsx, quote-modal.tsx)
  const modalFillsScreen = useBreakpoint() === 'verySmall';
  useEffect(() => {
    if (ready || (modalOpen && modalFillsScreen)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, modalOpen, modalFillsScreen]);
  return ready;
}

/** §2 Deals board at /workflows/{slug}; the deal modal opens over it. */
export function WorkflowPage() {
  const { workflows, workflow, unknown } = useBoardWorkflow();
  useDealStream(workflow?.id);
  if (unknown) return <Navigate to="/" />;
  if (workflows.isError) return <PlaceholderPage title="" />;
  if (!workflow) return null;
  return <Board workflow={workflow} />;
}

function Board({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation();
  useDocumentTitle(workflow.name);
  const navigate = useNavigate();
  const boardSearch = boardApi.useSearch();
  const filters = useMemo(() => parseBoardFilters(boardSearch, workflow), [boardSearch, workflow]);
  const sort = parseSort(boardSearch.sort, workflow);
  const search = useMemo(() => ({ ...filtersToSearch(filters), ...(sort ? { sort } : {}) }), [filters, sort]);
  const listFilters = useMemo(() => filtersToListQuery(filters), [filters]);
  const [view, setView] = useState<View>(storedView);
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState(false);
  const addingOnce = useOpenedOnce(adding);
  const managingOnce = useOpenedOnce(managing);
  const boardReady = useBoardBehindModalReady();
  const presets = useQuery(presetsQueryOptions);
  const workflowPresets =
    presets.data?.workflows.find((w) => w.workflowId === workflow.id)?.presetFilters ?? [];

  const setSearch = (next: BoardSearch) =>
    void navigate({
      to: '/workflows/$workflowSlug',
      params: { workflowSlug: workflow.slug },
      search: next,
      replace: true,
    });
  const setFilters = (next: BoardFilters) =>
    setSearch({ ...filtersToSearch(next), ...(sort ? { sort } : {}) });
  const setSort = (next: string | null) =>
    setSearch({ ...filtersToSearch(filters), ...(next ? { sort: next } : {}) });

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {workflow.name}
        </Title>
        <Group gap="xs">
          {/* two toggle buttons, not a SegmentedControl: its sliding indicator measures the page
              as it mounts, a forced layout of the whole board in the first render (~50 ms on a phone) */}
          <Button.Group aria-label={t('deals.view')}>
            {(['kanban', 'table'] as const).map((option) => (
              <Button
                key={option}
                size="xs"
                variant={view === option ? 'filled' : 'default'}
                aria-pressed={view === option}
                onClick={() => {
                  setView(option);
                  storage.set(VIEW_STORAGE_KEY, option);
                }}
              >
                {t(option === 'table' ? 'deals.table' : 'deals.kanban')}
              </Button>
            ))}
          </Button.Group>
          <Button size="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('deals.add')}
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="default" size="md" aria-label={t('deals.boardActions')}>
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('deals.presets.apply')}</Menu.Label>
              {workflowPresets.length === 0 && <Menu.Item disabled>{t('deals.presets.none')}</Menu.Item>}
              {workflowPresets.map((preset) => (
                <Menu.Item
                  key={preset.name}
                  onClick={() =>
                    void navigate({
                      to: '/workflows/$workflowSlug',
                      params: { workflowSlug: workflow.slug },
                      search: presetToSearch(preset.params),
                    })
                  }
                >
                  {preset.name}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item onClick={() => setManaging(true)}>{t('deals.presets.manage')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <FilterBar workflow={workflow} filters={filters} onChange={setFilters} />
      {!boardReady ? null : view === 'kanban' ? (
        <KanbanBoard workflow={workflow} filters={listFilters} />
      ) : (
        <Suspense fallback={<Loader size="sm" role="progressbar" aria-label={t('app.loading')} />}>
          <DealTable
            key={JSON.stringify(listFilters)}
            workflow={workflow}
            filters={listFilters}
            sort={sort}
            onSort={setSort}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {addingOnce && (
          <DealFormModal
            opened={adding}
            onClose={() => setAdding(false)}
            workflowId={workflow.id}
            onCreated={(deal) => {
              setAdding(false);
              void navigate({
                to: '/workflows/$workflowSlug/$dealId',
                params: { workflowSlug: workflow.slug, dealId: String(deal.id) },
                search,
              });
            }}
          />
        )}
        {managingOnce && (
          <PresetsModal
            opened={managing}
            onClose={() => setManaging(false)}
            workflow={workflow}
            currentParams={searchToPreset(search)}
          />
        )}
      </Suspense>
      <Outlet />
    </Stack>
  );
}

type FilterProps = { workflow: Workflow; filters: BoardFilters; onChange: (next: BoardFilters) => void };

function FilterBar({ workflow, filters, onChange }: FilterProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(filters.search);
  const [opened, setOpened] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setText(filters.search), [filters.search]);
  useEffect(() => {
    if (text.trim() === filters.search) return;
    const timer = setTimeout(() => onChange({ ...filters, search: text.trim() }), QUERY_CRITERIA_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });
  const count = activeFilterCount(filters);
  const chips = filterChips(filters, workflow, t);
  // Esc closes an open list first (the list's own Esc); only then the panel, back to its button.
  const onPanelKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    if ((event.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
    setOpened(false);
    filtersButton.current?.focus();
  };
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end">
        <TextInput
          aria-label={t('deals.search')}
          placeholder={t('deals.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          size="xs"
          w={240}
          maw="100%"
          type="search"
        />
        <Popover
          opened={opened}
          onChange={setOpened}
          closeOnEscape={false}
          position="bottom-start"
          width={300}
          shadow="md"
          trapFocus
        >
          <Popover.Target>
            <Button
              ref={filtersButton}
              size="xs"
              variant={count ? 'light' : 'default'}
              leftSection={<IconAdjustments size={16} aria-hidden />}
              onClick={() => setOpened((o) => !o)}
            >
              {count ? t('deals.filtersActive', { count }) : t('deals.filters')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown onKeyDown={onPanelKeyDown}>
            <FilterFields workflow={workflow} filters={filters} onChange={onChange} />
          </Popover.Dropdown>
        </Popover>
      </Group>
      {chips.length > 0 && (
        <Group
          component="ul"
          aria-label={t('deals.activeFilters')}
          gap={6}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {chips.map((chip) => (
            <Group
              component="li"
              key={chip.key}
              gap={0}
              wrap="nowrap"
              pl={10}
              bg="gray.1"
              style={{ borderRadius: 'var(--mantine-radius-xl)' }}
            >
              <Text size="sm">{chip.label}</Text>
              <CloseButton
                size="md"
                radius="xl"
                aria-label={t('deals.removeFilter', { label: chip.label })}
                onClick={() => onChange(chip.without)}
              />
            </Group>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/**
 * The panel's fields. A multiple choice closes its list after each pick, so it never stays open
 * over the fields below it (it opens again on a click or the arrow keys).
 */
function FilterFields({ workflow, filters, onChange }: FilterProps) {
  const { t } = useTranslation();
  const [openList, setOpenList] = useState<string | null>(null);
  const multiple = (
    key: string,
    label: string,
    data: { value: string; label: string }[],
    value: string[],
    set: (values: string[]) => void,
  ) => (
    <MultiSelect
      key={key}
      label={label}
      size="xs"
      data={data}
      value={value}
      onChange={(values) => {
        setOpenList(null);
        set(values);
      }}
      dropdownOpened={openList === key}
      onDropdownOpen={() => setOpenList(key)}
      onDropdownClose={() => setOpenList((open) => (open === key ? null : open))}
      comboboxProps={{ withinPortal: false }}
      clearable
    />
  );
  const count = activeFilterCount(filters);
  return (
    <Stack gap="xs">
      {multiple(
        'status',
        t('deals.statuses'),
        workflow.statuses.map((s) => ({ value: s.slug, label: s.name })),
        filters.status,
        (status) => onChange({ ...filters, status }),
      )}
      <Select
        label={t('deals.phase')}
        size="xs"
        placeholder={t('deals.anyPhase')}
        data={phases.map((p) => ({ value: p, label: t(`deals.phases.${p}`) }))}
        value={filters.phase}
        onChange={(phase) => onChange({ ...filters, phase: (phase as BoardFilters['phase']) ?? null })}
        comboboxProps={{ withinPortal: false }}
        clearable
      />
      <Select
        label={t('deals.alerts')}
        size="xs"
        placeholder={t('deals.noAlertFilter')}
        data={[
          { value: 'any', label: t('deals.anyAlerts') },
          { value: 'warning', label: t('deals.warningAlerts') },
          { value: 'info', label: t('deals.infoAlerts') },
        ]}
        value={filters.alerts}
        onChange={(alerts) => onChange({ ...filters, alerts: (alerts as BoardFilters['alerts']) ?? null })}
        comboboxProps={{ withinPortal: false }}
        clearable
      />
      {workflow.flags.map((flag) =>
        multiple(
          `flag:${flag.slug}`,
          flag.name,
          flag.values.map((v) => ({ value: v.slug, label: v.label })),
          filters.flags[flag.slug] ?? [],
          (values) => onChange({ ...filters, flags: { ...filters.flags, [flag.slug]: values } }),
        ),
      )}
      <Checkbox
        size="xs"
        label={t('deals.includeArchived')}
        checked={filters.archived}
        onChange={(e) => onChange({ ...filters, archived: e.currentTarget.checked })}
      />
      <Button
        size="xs"
        variant="subtle"
        disabled={!count}
        onClick={() =>
          onChange({ ...filters, status: [], phase: null, alerts: null, flags: {}, archived: false })
        }
      >
        {t('deals.clearFilters')}
      </Button>
    </Stack>
  );
}
