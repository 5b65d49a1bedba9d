import '../strings';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  type ButtonProps,
  Flex,
  Group,
  List,
  Menu,
  type MenuItemProps,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type OrderLine, updateOrderWindow } from '@slat/contracts';
import { createLink } from '@tanstack/react-router';
import { type ComponentPropsWithRef, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../components/form/form-modal';
import { useAppForm } from '../../../components/form/use-app-form';
import {
  IconAlertTriangle,
  IconCopy,
  IconDots,
  IconPencil,
  IconPlus,
  IconTrash,
} from '../../../components/icons';
import { AnchorLink } from '../../../components/ui/router-links';
import { firstClickOnly } from '../../../lib/clicks';
import { confirmDestructive } from '../../../lib/confirm';
import { notifySuccess } from '../../../lib/notify';
import { notifyOrderLinesError, useWindowActions } from '../api/windows';
import type { OrderView, PriceConfig } from '../order-view';
import {
  formatPrice,
  groupWindows,
  lineErrorCodes,
  lineOptionNames,
  lineSize,
  shownSellPrice,
  type WindowBlock,
  type WindowGroup,
} from './line-groups';

/** A menu entry that is a typed router link (Add product to a window). */
const MenuItemLink = createLink(
  (props: MenuItemProps & Omit<ComponentPropsWithRef<'a'>, keyof MenuItemProps>) => (
    <Menu.Item component="a" {...props} />
  ),
);

/** A Mantine button that is a typed router link (Add product). */
export const ButtonLink = createLink(
  (props: ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>) => (
    <Button component="a" {...props} />
  ),
);

const renameSchema = updateOrderWindow.body.pick({ name: true });

type ListProps = {
  view: OrderView;
  blocks: WindowBlock[];
  /** What shows when there is nothing to list (a filter's own words). */
  emptyText?: string;
  /** The group headings' level: one below the host's "Products" heading (h3 in the quote modal). */
  groupHeadingLevel?: 3 | 4;
};

/**
 * The order's products, window by window, grouped by the windows' group paths (Building / Room /
 * Window). Each line shows its quantity, its size exactly as entered, its options and its cost
 * (and, on a quote, sell price), with the §8 warning panel under it when it has errors. Editing controls are
 * left out of a read-only order.
 */
export function LineList({ view, blocks, emptyText, groupHeadingLevel = 4 }: ListProps) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<WindowBlock | null>(null);
  const actions = useWindowActions(view);
  const groups = groupWindows(blocks);
  if (groups.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="lines-empty">
        {emptyText ?? t('orderLines.noProducts')}
      </Text>
    );
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <GroupBlock
          key={group.key}
          group={group}
          view={view}
          actions={actions}
          onRename={setRenaming}
          headingLevel={groupHeadingLevel}
        />
      ))}
      <FormModal
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title={t('orderLines.renameTitle')}
      >
        {renaming && (
          <RenameForm
            block={renaming}
            view={view}
            onSave={(name) => actions.rename.mutateAsync({ windowId: renaming.id, name })}
          />
        )}
      </FormModal>
    </Stack>
  );
}

type Actions = ReturnType<typeof useWindowActions>;

/** One group path: its heading ('Building / Room / Window', or '(None)') and its windows. */
function GroupBlock({
  group,
  view,
  actions,
  onRename,
  headingLevel,
}: {
  group: WindowGroup;
  view: OrderView;
  actions: Actions;
  onRename: (block: WindowBlock) => void;
  headingLevel: 3 | 4;
}) {
  const { t } = useTranslation();
  const readOnly = view.readOnly;
  const name = group.path.length ? group.path.join(' / ') : t('orderLines.noneGroup');
  const single = group.windows.length === 1 ? group.windows[0] : undefined;
  return (
    <Stack component="section" gap={6} aria-label={name} data-testid="window-group">
      <Group justify="space-between" gap="xs" wrap="nowrap" mih={28}>
        <Title order={headingLevel} size="h6" style={{ wordBreak: 'break-word' }}>
          {group.path.length === 0
            ? name
            : group.path.map((part, i) => (
                <Fragment key={group.path.slice(0, i + 1).join('/')}>
                  {i > 0 && (
                    <Text span c="dimmed" inherit>
                      {' / '}
                    </Text>
                  )}
                  <Text span inherit c={i < group.path.length - 1 ? 'dimmed' : undefined}>
                    {part}
                  </Text>
                </Fragment>
              ))}
        </Title>
        {single && !readOnly && (
          <WindowMenu block={single} windowName={name} view={view} actions={actions} onRename={onRename} />
        )}
      </Group>
      {group.windows.map((block, index) => {
        const label = single ? null : t('orderLines.windowName', { index: index + 1 });
        const windowName = label ? `${name} · ${label}` : name;
        return (
          <Paper key={block.id} withBorder radius="md" data-window-id={block.id} data-testid="quote-window">
            {label && (
              <Group justify="space-between" gap="xs" px="sm" pt={6} wrap="nowrap">
                <Text size="xs" c="dimmed" fw={600}>
                  {label}
                </Text>
                {!readOnly && (
                  <WindowMenu
                    block={block}
                    windowName={windowName}
                    view={view}
                    actions={actions}
                    onRename={onRename}
                  />
                )}
              </Group>
            )}
            {block.lines.length === 0 ? (
              <Group justify="space-between" gap="xs" p="sm" wrap="wrap">
                <Text size="sm" c="dimmed">
                  {t('orderLines.emptyWindow')}
                </Text>
                {!readOnly && <RemoveEmptyWindow block={block} windowName={windowName} actions={actions} />}
              </Group>
            ) : (
              <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
                {block.lines.map((line, i) => (
                  <LineRow key={line.id} line={line} first={i === 0} view={view} actions={actions} />
                ))}
              </Stack>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

/** A window left without products (its last one removed) offers its own removal. */
function RemoveEmptyWindow({
  block,
  windowName,
  actions,
}: {
  block: WindowBlock;
  windowName: string;
  actions: Actions;
}) {
  const { t } = useTranslation();
  const confirmRemove = () =>
    confirmDestructive({
      title: t('orderLines.deleteWindowTitle'),
      message: t('orderLines.deleteEmptyWindowMessage', { name: windowName }),
      confirmLabel: t('orderLines.deleteWindowConfirm'),
      action: () => actions.removeWindow.mutateAsync(block.id),
    });
  return (
    <Button
      size="xs"
      variant="default"
      color="red"
      leftSection={<IconTrash size={14} aria-hidden />}
      loading={actions.removeWindow.isPending && actions.removeWindow.variables === block.id}
      onClick={firstClickOnly(() => void confirmRemove())}
    >
      {t('orderLines.removeEmptyWindow')}
    </Button>
  );
}

/** A window's actions: add a product to it, duplicate it (copy-and-paste), rename its group, delete it. */
function WindowMenu({
  block,
  windowName,
  view,
  actions,
  onRename,
}: {
  block: WindowBlock;
  windowName: string;
  view: OrderView;
  actions: Actions;
  onRename: (block: WindowBlock) => void;
}) {
  const { t } = useTranslation();
  const busy =
    (actions.duplicate.isPending && actions.duplicate.variables === block.id) ||
    (actions.removeWindow.isPending && actions.removeWindow.variables === block.id);
  const confirmDelete = () =>
    confirmDestructive({
      title: t('orderLines.deleteWindowTitle'),
      message: t('orderLines.deleteWindowMessage', { name: windowName, count: block.lines.length }),
      confirmLabel: t('orderLines.deleteWindowConfirm'),
      action: () => actions.removeWindow.mutateAsync(block.id),
    });
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          loading={busy}
          aria-label={t('orderLines.windowActions', { name: windowName })}
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <MenuItemLink {...view.productLink('new', block.id)} leftSection={<IconPlus size={14} aria-hidden />}>
          {t('orderLines.addProduct')}
        </MenuItemLink>
        <Menu.Item
          leftSection={<IconCopy size={14} aria-hidden />}
          onClick={firstClickOnly(() =>
            actions.duplicate.mutate(block.id, {
              onSuccess: () => notifySuccess(t('orderLines.duplicated'), windowName),
            }),
          )}
        >
          {t('orderLines.duplicateWindow')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onRename(block)}>
          {t('orderLines.renameWindow')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={firstClickOnly(() => void confirmDelete())}
        >
          {t('orderLines.deleteWindow')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function LineRow({
  line,
  first,
  view,
  actions,
}: {
  line: OrderLine;
  first: boolean;
  view: OrderView;
  actions: Actions;
}) {
  const { t } = useTranslation();
  const product = line.context.product;
  const size = lineSize(line);
  const options = lineOptionNames(line);
  const cost = formatPrice(line.costPrice);
  const config: PriceConfig | null = view.priceConfig;
  const readOnly = view.readOnly;
  const sell = config ? formatPrice(shownSellPrice(line, config)) : null;
  const inclusive = config?.taxMode === 'INCLUSIVE';
  const removing = actions.removeLine.isPending && actions.removeLine.variables?.lineId === line.id;
  const confirmRemove = () =>
    confirmDestructive({
      title: t('orderLines.removeTitle'),
      message: t(view.kind === 'quote' ? 'orderLines.removeMessageQuote' : 'orderLines.removeMessageOrder', {
        name: product.name,
        size: size ?? '—',
      }),
      confirmLabel: t('orderLines.removeConfirm'),
      action: () => actions.removeLine.mutateAsync({ windowId: line.orderWindowId, lineId: line.id }),
    });
  return (
    <Box
      component="li"
      px="sm"
      py="xs"
      data-line-id={line.id}
      data-testid="quote-line"
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <AnchorLink
            {...view.productLink(String(line.id))}
            fw={600}
            size="sm"
            style={{ wordBreak: 'break-word' }}
          >
            {product.name}
          </AnchorLink>
          <Text size="xs" c="dimmed">
            {[product.brandName, product.categoryName].filter(Boolean).join(' · ')}
          </Text>
          <Flex columnGap={12} wrap="wrap">
            {size && (
              <Text size="sm" data-testid="line-size" style={{ whiteSpace: 'nowrap' }}>
                {size}
              </Text>
            )}
            <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="line-quantity">
              {t('orderLines.qty')} {line.quantity}
            </Text>
            {line.siteMount && (
              <Text size="sm" data-testid="line-mount">
                {line.siteMount === 'INSIDE' || line.siteMount === 'OUTSIDE'
                  ? t(`orderLines.mount.${line.siteMount}`)
                  : `${t('orderLines.mount.label')}: ${line.siteMount}`}
              </Text>
            )}
          </Flex>
          <Text size="sm" c={options.length ? undefined : 'dimmed'} style={{ wordBreak: 'break-word' }}>
            {options.length ? options.join(' · ') : t('orderLines.noOptions')}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="xs" c="dimmed">
            {t('orderLines.costPrice')} <span data-testid="line-cost">{cost ?? '—'}</span>
          </Text>
          {config && (
            <Text size="sm" fw={600}>
              {inclusive ? t('orderLines.sellPriceIncTax') : t('orderLines.sellPrice')}{' '}
              <span data-testid="line-sell">{sell ?? t('orderLines.noPrice')}</span>
            </Text>
          )}
          {!readOnly && (
            <ActionIcon
              mt={4}
              variant="subtle"
              color="red"
              loading={removing}
              aria-label={t('orderLines.removeProduct', { name: product.name })}
              onClick={firstClickOnly(() => void confirmRemove())}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Stack>
      </Group>
      {line.context.errors.length > 0 && <LineErrors line={line} />}
    </Box>
  );
}

/** §8: the warning panel under a product with errors; OPTIONS_NOT_SELECTED asks to finish it. */
function LineErrors({ line }: { line: OrderLine }) {
  const { t } = useTranslation();
  const codes = lineErrorCodes(line.context.errors);
  const text = (code: (typeof codes)[number]) =>
    code === 'OPTIONS_NOT_SELECTED' ? t('orderLines.errors.finishProduct') : t(`orderLines.errors.${code}`);
  return (
    <Alert
      mt={6}
      p="xs"
      color="orange"
      variant="light"
      role="group"
      aria-label={t('orderLines.productErrors', { name: line.context.product.name })}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
      data-testid="line-errors"
    >
      {codes.length === 1 ? (
        <Text size="sm">{text(codes[0] as (typeof codes)[number])}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {codes.map((code) => (
            <List.Item key={code}>{text(code)}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

function RenameForm({
  block,
  view,
  onSave,
}: {
  block: WindowBlock;
  view: OrderView;
  onSave: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const form = useAppForm(renameSchema, { name: block.name });
  return (
    <AppForm
      form={form}
      aria-label={t('orderLines.renameTitle')}
      onSubmit={async (values) => {
        try {
          await onSave(values.name ?? '');
          modal.close();
        } catch (error) {
          notifyOrderLinesError(error, view);
        }
      }}
    >
      <Stack gap="sm">
        <TextField
          name="name"
          label={t('orderLines.renameLabel')}
          description={t('orderLines.renameHint')}
          maxLength={300}
          data-autofocus
        />
        <FormButtons submitLabel={t('orderLines.save')} />
      </Stack>
    </AppForm>
  );
}
