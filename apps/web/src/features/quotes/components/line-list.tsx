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
import { type DealQuote, type OrderLine, updateOrderWindow } from '@slat/contracts';
import { IconAlertTriangle, IconCopy, IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import { type ComponentPropsWithRef, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/fields';
import { AppForm } from '../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../components/form/form-modal';
import { useAppForm } from '../../../components/form/use-app-form';
import { AnchorLink } from '../../../components/ui/router-links';
import { firstClickOnly } from '../../../lib/clicks';
import { confirmDestructive } from '../../../lib/confirm';
import { notifySuccess } from '../../../lib/notify';
import { notifyQuoteError, useWindowActions } from '../api/quotes';
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

/** The route parameters of the quote the lines belong to (their product screens hang from it). */
export type QuoteParams = { workflowSlug: string; dealId: string; quoteId: string };

/** A line's product screen (another feature part builds it); productId `new` adds a product. */
export const PRODUCT_PATH = '/workflows/$workflowSlug/$dealId/quotes/$quoteId/products/$productId';

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
  quote: DealQuote;
  blocks: WindowBlock[];
  params: QuoteParams;
  readOnly: boolean;
};

/**
 * The quote's products, window by window, grouped by the windows' group paths (Building / Room /
 * Window). Each line shows its quantity, its size exactly as entered, its options and its cost
 * and sell price, with the §8 warning panel under it when it has errors. Editing controls are
 * left out of a read-only quote.
 */
export function LineList({ quote, blocks, params, readOnly }: ListProps) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<WindowBlock | null>(null);
  const actions = useWindowActions({ quoteId: quote.id, dealId: quote.dealId, orderId: quote.externalId });
  const groups = groupWindows(blocks);
  if (groups.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('quotes.noProducts')}
      </Text>
    );
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <GroupBlock
          key={group.key}
          group={group}
          params={params}
          config={quote.config}
          readOnly={readOnly}
          actions={actions}
          onRename={setRenaming}
        />
      ))}
      <FormModal opened={renaming !== null} onClose={() => setRenaming(null)} title={t('quotes.renameTitle')}>
        {renaming && (
          <RenameForm
            block={renaming}
            onSave={(name) => actions.rename.mutateAsync({ windowId: renaming.id, name })}
          />
        )}
      </FormModal>
    </Stack>
  );
}

type Actions = ReturnType<typeof useWindowActions>;

/** One group path: its heading ('Building / Room / Window', or '(None)') and its windows. */
type PriceConfig = DealQuote['config'];

function GroupBlock({
  group,
  params,
  config,
  readOnly,
  actions,
  onRename,
}: {
  group: WindowGroup;
  params: QuoteParams;
  config: PriceConfig;
  readOnly: boolean;
  actions: Actions;
  onRename: (block: WindowBlock) => void;
}) {
  const { t } = useTranslation();
  const name = group.path.length ? group.path.join(' / ') : t('quotes.noneGroup');
  const single = group.windows.length === 1 ? group.windows[0] : undefined;
  return (
    <Stack component="section" gap={6} aria-label={name} data-testid="window-group">
      <Group justify="space-between" gap="xs" wrap="nowrap" mih={28}>
        <Title order={4} size="h6" style={{ wordBreak: 'break-word' }}>
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
          <WindowMenu
            block={single}
            windowName={name}
            params={params}
            actions={actions}
            onRename={onRename}
          />
        )}
      </Group>
      {group.windows.map((block, index) => {
        const label = single ? null : t('quotes.windowName', { index: index + 1 });
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
                    params={params}
                    actions={actions}
                    onRename={onRename}
                  />
                )}
              </Group>
            )}
            {block.lines.length === 0 ? (
              <Group justify="space-between" gap="xs" p="sm" wrap="wrap">
                <Text size="sm" c="dimmed">
                  {t('quotes.emptyWindow')}
                </Text>
                {!readOnly && <RemoveEmptyWindow block={block} windowName={windowName} actions={actions} />}
              </Group>
            ) : (
              <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
                {block.lines.map((line, i) => (
                  <LineRow
                    key={line.id}
                    line={line}
                    first={i === 0}
                    params={params}
                    config={config}
                    readOnly={readOnly}
                    actions={actions}
                  />
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
      title: t('quotes.deleteWindowTitle'),
      message: t('quotes.deleteEmptyWindowMessage', { name: windowName }),
      confirmLabel: t('quotes.deleteWindowConfirm'),
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
      {t('quotes.removeEmptyWindow')}
    </Button>
  );
}

/** A window's actions: add a product to it, duplicate it (copy-and-paste), rename its group, delete it. */
function WindowMenu({
  block,
  windowName,
  params,
  actions,
  onRename,
}: {
  block: WindowBlock;
  windowName: string;
  params: QuoteParams;
  actions: Actions;
  onRename: (block: WindowBlock) => void;
}) {
  const { t } = useTranslation();
  const busy =
    (actions.duplicate.isPending && actions.duplicate.variables === block.id) ||
    (actions.removeWindow.isPending && actions.removeWindow.variables === block.id);
  const confirmDelete = () =>
    confirmDestructive({
      title: t('quotes.deleteWindowTitle'),
      message: t('quotes.deleteWindowMessage', { name: windowName, count: block.lines.length }),
      confirmLabel: t('quotes.deleteWindowConfirm'),
      action: () => actions.removeWindow.mutateAsync(block.id),
    });
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          loading={busy}
          aria-label={t('quotes.windowActions', { name: windowName })}
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <MenuItemLink
          to={PRODUCT_PATH}
          params={{ ...params, productId: 'new' }}
          search={{ window: String(block.id) }}
          leftSection={<IconPlus size={14} aria-hidden />}
        >
          {t('quotes.addProduct')}
        </MenuItemLink>
        <Menu.Item
          leftSection={<IconCopy size={14} aria-hidden />}
          onClick={firstClickOnly(() =>
            actions.duplicate.mutate(block.id, {
              onSuccess: () => notifySuccess(t('quotes.duplicated'), windowName),
            }),
          )}
        >
          {t('quotes.duplicateWindow')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onRename(block)}>
          {t('quotes.renameWindow')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={firstClickOnly(() => void confirmDelete())}
        >
          {t('quotes.deleteWindow')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function LineRow({
  line,
  first,
  params,
  config,
  readOnly,
  actions,
}: {
  line: OrderLine;
  first: boolean;
  params: QuoteParams;
  config: PriceConfig;
  readOnly: boolean;
  actions: Actions;
}) {
  const { t } = useTranslation();
  const product = line.context.product;
  const size = lineSize(line);
  const options = lineOptionNames(line);
  const cost = formatPrice(line.costPrice);
  const sell = formatPrice(shownSellPrice(line, config));
  const inclusive = config.taxMode === 'INCLUSIVE';
  const removing = actions.removeLine.isPending && actions.removeLine.variables?.lineId === line.id;
  const confirmRemove = () =>
    confirmDestructive({
      title: t('quotes.removeTitle'),
      message: t('quotes.removeMessage', { name: product.name, size: size ?? '—' }),
      confirmLabel: t('quotes.removeConfirm'),
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
            to={PRODUCT_PATH}
            params={{ ...params, productId: String(line.id) }}
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
              {t('quotes.qty')} {line.quantity}
            </Text>
            {line.siteMount && (
              <Text size="sm" data-testid="line-mount">
                {line.siteMount === 'INSIDE' || line.siteMount === 'OUTSIDE'
                  ? t(`quotes.mount.${line.siteMount}`)
                  : `${t('quotes.mount.label')}: ${line.siteMount}`}
              </Text>
            )}
          </Flex>
          <Text size="sm" c={options.length ? undefined : 'dimmed'} style={{ wordBreak: 'break-word' }}>
            {options.length ? options.join(' · ') : t('quotes.noOptions')}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="xs" c="dimmed">
            {t('quotes.costPrice')} <span data-testid="line-cost">{cost ?? '—'}</span>
          </Text>
          <Text size="sm" fw={600}>
            {inclusive ? t('quotes.sellPriceIncTax') : t('quotes.sellPrice')}{' '}
            <span data-testid="line-sell">{sell ?? t('quotes.noPrice')}</span>
          </Text>
          {!readOnly && (
            <ActionIcon
              mt={4}
              variant="subtle"
              color="red"
              loading={removing}
              aria-label={t('quotes.removeProduct', { name: product.name })}
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
    code === 'OPTIONS_NOT_SELECTED' ? t('quotes.errors.finishProduct') : t(`quotes.errors.${code}`);
  return (
    <Alert
      mt={6}
      p="xs"
      color="orange"
      variant="light"
      role="group"
      aria-label={t('quotes.productErrors', { name: line.context.product.name })}
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

function RenameForm({ block, onSave }: { block: WindowBlock; onSave: (name: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const modal = useFormModal();
  const form = useAppForm(renameSchema, { name: block.name });
  return (
    <AppForm
      form={form}
      aria-label={t('quotes.renameTitle')}
      onSubmit={async (values) => {
        try {
          await onSave(values.name ?? '');
          modal.close();
        } catch (error) {
          notifyQuoteError(error);
        }
      }}
    >
      <Stack gap="sm">
        <TextField
          name="name"
          label={t('quotes.renameLabel')}
          description={t('quotes.renameHint')}
          maxLength={300}
          data-autofocus
        />
        <FormButtons submitLabel={t('quotes.save')} />
      </Stack>
    </AppForm>
  );
}
