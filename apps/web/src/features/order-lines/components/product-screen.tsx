import '../strings';
import '../product-strings';
import {
  Alert,
  Autocomplete,
  Box,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type LineError,
  type OrderLine,
  type ProductTreeItem,
  type SiteMount,
  siteMounts,
} from '@slat/contracts';
import { formatMeasure, type MeasureUnit, readWholeNumber, typeableRange, unitOfSystem } from '@slat/domain';
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useField } from '../../../components/form/fields';
import { AppForm, KIT_FORM_MODE } from '../../../components/form/form';
import { FormModal, useFormModal } from '../../../components/form/form-modal';
import { TextareaField } from '../../../components/form/textarea-field';
import { QueryView } from '../../../components/ui/query-view';
import { ApiError, isSessionError } from '../../../lib/api/errors';
import { formatMoney } from '../../../lib/format';
import { i18n, translateMessage } from '../../../lib/i18n/i18n';
import { reportError } from '../../../lib/monitoring';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAddProduct, useUpdateLine } from '../api/order-lines';
import { productDetailQueryOptions, productTreeQueryOptions } from '../api/products';
import { orderWindowsQueryOptions, refreshOrderLines } from '../api/windows';
import type { OrderView, PriceConfig } from '../order-view';
import { shownSellPrice } from './line-groups';
import {
  convertParts,
  MeasurementInput,
  measureToParts,
  partsToValue,
  readSize,
  sizeProblemMessage,
} from './measurement-input';
import { OptionsFrameHost } from './options-frame-host';
import { ProductTree } from './product-tree';

/** The warning text colour on light orange (5.5:1), as the quote's errors mark uses it. */
const WARNING_TEXT = '#a63a0b';

const isId = (text: string) => /^[1-9]\d{0,9}$/.test(text);

type ProductScreenPageProps<T> = {
  /** The owner's order (a quote, a purchase order), read with its lines. */
  query: UseQueryResult<T>;
  /** The order id in the address was no id at all. */
  badOrderId: boolean;
  viewOf: (order: T) => OrderView;
  /** The `productId` of the address: `new` or a line's id. */
  productId: string;
  /** `?window=`: the window a new product goes into. */
  windowId: number | undefined;
  /** The breadcrumbs back to the order (and what it hangs from). */
  crumbs: (order: T, title: string) => ReactNode;
  /** Back to the order (`replace`: the address was not one to come back to). */
  toOrder: (replace?: boolean) => void;
  /** The new line's own screen, in place of `new`. */
  toLine: (lineId: number) => void;
};

/**
 * The line product screen of a quote (§2 'Quote line product screen') or a purchase order (the
 * same screen at /orders/{orderId}/products/{productId}): `new` chooses a product in the tree and
 * enters its size; a line's id edits that line, with the options frame below. A line that is not
 * the order's (or an order that is not found) goes back to the order.
 */
export function ProductScreenPage<T>({
  query,
  badOrderId,
  viewOf,
  productId,
  windowId,
  crumbs,
  toOrder,
  toLine,
}: ProductScreenPageProps<T>) {
  const { t } = useTranslation();
  const lineId = productId === 'new' ? 'new' : isId(productId) ? Number(productId) : null;
  const view = query.data === undefined ? undefined : viewOf(query.data);
  const onClose = useCallback(() => toOrder(), [toOrder]);

  const line = typeof lineId === 'number' ? view?.lines.find((l) => l.id === lineId) : undefined;
  const orderMissing = badOrderId || (query.error instanceof ApiError && query.error.status === 404);
  const lineMissing =
    lineId === null || (typeof lineId === 'number' && view !== undefined && !line && !query.isFetching);
  // nothing can be added to a read-only order (accepted, submitted or archived): its lines stay viewable
  const nothingToAdd = lineId === 'new' && view?.readOnly === true;
  useEffect(() => {
    if (orderMissing || lineMissing || nothingToAdd) toOrder(true);
  }, [orderMissing, lineMissing, nothingToAdd, toOrder]);

  const title = line
    ? line.context.product.name
    : lineId === 'new'
      ? t('productScreen.addTitle')
      : t('productScreen.editTitle');
  useDocumentTitle(title);

  return (
    <FormModal opened onClose={onClose} title={title} size="84rem">
      <QueryView query={query} failedTitle={t('productScreen.loadFailed')}>
        {(data) => {
          const shown = viewOf(data);
          return lineId === 'new' || line ? (
            <Stack gap="md">
              {crumbs(data, title)}
              {shown.readOnly && (
                <Alert color="gray" p="xs">
                  <Text size="sm">{translateMessage(shown.readOnlyMessage)}</Text>
                </Alert>
              )}
              <ProductScreen
                key={productId}
                view={shown}
                line={line ?? null}
                windowId={windowId}
                onClose={onClose}
                onCreated={toLine}
              />
            </Stack>
          ) : (
            <Group justify="center" p="xl">
              <Loader role="progressbar" aria-label={t('app.loading')} />
            </Group>
          );
        }}
      </QueryView>
    </FormModal>
  );
}

/** The product screen's breadcrumbs: the links before it, then its title. */
export function ProductCrumbs({ children, title }: { children: ReactNode; title: string }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('productScreen.breadcrumbs')}>
      <Breadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {children}
        <Text size="sm" aria-current="page">
          {title}
        </Text>
      </Breadcrumbs>
    </Box>
  );
}

/**
 * The form's values: sizes as the whole number typed and a fraction in sixteenths (text, for the
 * select); the quantity as typed. Text, so what was typed stays until it is taken or refused.
 */
export type ProductFormValues = {
  productId: number | null;
  unit: MeasureUnit;
  width: string;
  widthFraction: string;
  height: string;
  heightFraction: string;
  quantity: string;
  windowName: string;
  notes: string;
  /** '' (not set), INSIDE or OUTSIDE; a line may hold a free-text mount from before the choice. */
  siteMount: string;
};

const isSiteMount = (value: string): value is SiteMount => (siteMounts as readonly string[]).includes(value);

/** The mount to send: the choice, or nothing for a line's older free-text mount left as it was. */
export function siteMountOf(values: Pick<ProductFormValues, 'siteMount'>): SiteMount | undefined {
  return isSiteMount(values.siteMount) ? values.siteMount : undefined;
}

/** What the chosen product asks for: which sizes, a quantity, and the brand's fractions. */
export type ProductFlags = {
  hasWidth: boolean;
  hasHeight: boolean;
  hasQuantity: boolean;
  disableFineFractions: boolean;
};

/** The form's values for a line as stored (36.375 in → 36 and 6/16), or empty for a new product. */
export function formDefaults(line: OrderLine | null, defaultUnit: MeasureUnit): ProductFormValues {
  const width = measureToParts(line?.dimensions.width);
  const height = measureToParts(line?.dimensions.height);
  return {
    productId: line?.context.product.id ?? null,
    unit: line?.dimensions.width?.unit ?? line?.dimensions.height?.unit ?? defaultUnit,
    width: width.whole,
    widthFraction: String(width.sixteenths),
    height: height.whole,
    heightFraction: String(height.sixteenths),
    quantity: String(line?.quantity ?? 1),
    windowName: line?.windowGroupName ?? '',
    notes: line?.notes ?? '',
    siteMount: line?.siteMount ?? '',
  };
}

/** The most a line's quantity may be (the API's limit). */
const MAX_QUANTITY = 10_000;

/**
 * §5: the quantity as typed, at least 1; left empty it is 1. Anything else is refused with its
 * reason (0 and -3 are not made 1 and 3).
 */
export function readQuantity(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const read = readWholeNumber(text);
  if (read.ok) {
    if (read.value < 1) return { ok: false, message: i18n.t('productScreen.quantityAtLeast') };
    if (read.value > MAX_QUANTITY)
      return { ok: false, message: i18n.t('productScreen.quantityAtMost', { max: MAX_QUANTITY }) };
    return read;
  }
  switch (read.problem) {
    case 'empty':
      return { ok: true, value: 1 };
    case 'negative':
      return { ok: false, message: i18n.t('productScreen.quantityAtLeast') };
    case 'decimalPoint':
      return { ok: false, message: i18n.t('productScreen.quantityWhole', { text: text.trim() }) };
    case 'exponent':
      return { ok: false, message: i18n.t('productScreen.numberExponent', { text: text.trim() }) };
    default:
      return { ok: false, message: i18n.t('productScreen.quantityNotNumber') };
  }
}

/**
 * §5: a product must be chosen; width and height, when the product has them, are required
 * ('{label} is required'), whole numbers as typed and the brand's fractions only; the quantity
 * at least 1.
 */
export function validateProductForm(
  values: ProductFormValues,
  flags: ProductFlags | null,
): FieldErrors<ProductFormValues> {
  const errors: FieldErrors<ProductFormValues> = {};
  if (values.productId === null) {
    errors.productId = { type: 'required', message: i18n.t('productScreen.productRequired') };
    return errors;
  }
  if (!flags) return errors;
  const sizes = [
    ['width', flags.hasWidth, i18n.t('productScreen.width')],
    ['height', flags.hasHeight, i18n.t('productScreen.height')],
  ] as const;
  for (const [name, has, label] of sizes) {
    if (!has) continue;
    const parts = { whole: values[name], sixteenths: Number(values[`${name}Fraction`]) };
    const size = readSize(parts, values.unit, flags.disableFineFractions);
    if (size.ok) continue;
    const message = sizeProblemMessage(size.problem, label, values[name], values.unit);
    if (size.problem === 'fineFraction') errors[`${name}Fraction`] = { type: 'fraction', message };
    else errors[name] = { type: size.problem, message };
  }
  if (flags.hasQuantity) {
    const quantity = readQuantity(values.quantity);
    if (!quantity.ok) errors.quantity = { type: 'quantity', message: quantity.message };
  }
  return errors;
}

/** A quantity the form took (validated first): empty is 1. */
const quantityOf = (text: string) => {
  const read = readQuantity(text);
  return read.ok ? read.value : 1;
};

/** The API's fields for what the form holds (sizes only for a product that has them; empty quantity is 1). */
export function lineFieldsOf(values: ProductFormValues, flags: ProductFlags) {
  const size = (name: 'width' | 'height') =>
    partsToValue({ whole: values[name], sixteenths: Number(values[`${name}Fraction`]) }, values.unit);
  return {
    unit: values.unit,
    notes: values.notes,
    ...(flags.hasWidth ? { width: size('width') } : {}),
    ...(flags.hasHeight ? { height: size('height') } : {}),
    ...(flags.hasQuantity ? { quantity: quantityOf(values.quantity) } : {}),
  };
}

/** Server field paths → the form's fields. */
const FIELD_OF_PATH: Record<string, keyof ProductFormValues> = {
  width: 'width',
  height: 'height',
  quantity: 'quantity',
  notes: 'notes',
  unit: 'unit',
  product_id: 'productId',
  'order_windows[0].name': 'windowName',
  'order_windows.0.name': 'windowName',
};

/**
 * A refused save keeps what was typed: 400's reasons go on their fields, 409 says the order is
 * read-only, a line gone (404) goes back to the order; anything else is the server-issues toast.
 */
function showRefusal(
  error: unknown,
  form: UseFormReturn<ProductFormValues>,
  view: OrderView,
  onGone: () => void,
): void {
  if (isSessionError(error)) return;
  if (error instanceof ApiError && error.status === 409) {
    notifyError(i18n.t('errors.genericTitle'), translateMessage(view.readOnlyMessage));
    return;
  }
  if (error instanceof ApiError && error.status === 404) {
    onGone();
    return;
  }
  if (!(error instanceof ApiError) || error.status >= 500) {
    reportError(error);
    notifyError(i18n.t('errors.genericTitle'), i18n.t('errors.serverIssues'));
    return;
  }
  let focused = false;
  for (const f of error.fields) {
    const name = FIELD_OF_PATH[f.path];
    if (!name) continue;
    form.setError(name, { type: 'server', message: f.message });
    if (!focused && name !== 'productId' && name !== 'unit') {
      form.setFocus(name);
      focused = true;
    }
  }
  notifyError(translateMessage(error.fields[0]?.message ?? error.message), i18n.t('form.reviewAll'));
}

type ProductScreenProps = {
  view: OrderView;
  line: OrderLine | null;
  /** `?window=`: the window a new product goes into. */
  windowId: number | undefined;
  onClose: () => void;
  onCreated: (lineId: number) => void;
};

function ProductScreen({ view, line, windowId, onClose, onCreated }: ProductScreenProps) {
  const { t } = useTranslation();
  const breakpoint = useBreakpoint();
  const small = breakpoint === 'verySmall' || breakpoint === 'small';
  const modal = useFormModal();
  const queryClient = useQueryClient();
  const orderId = view.orderId;
  const readOnly = view.readOnly;
  const [chosen, setChosen] = useState<ProductTreeItem | null>(null);
  const [refreshSignal, setRefreshSignal] = useState(0);
  const createdWindow = useRef<number | undefined>(undefined);
  const add = useAddProduct(view);
  const update = useUpdateLine(view);

  const tree = useQuery({ ...productTreeQueryOptions, enabled: !line });
  // the catalog's unit and size limits: a line's own product only while it is priced on the latest catalog
  const detailId = line
    ? line.context.catalogVersion.isLatest
      ? line.context.product.id
      : 0
    : (chosen?.id ?? 0);
  const detail = useQuery({ ...productDetailQueryOptions(detailId), enabled: detailId > 0 });
  const windows = useQuery({ ...orderWindowsQueryOptions(orderId), enabled: !line });

  const flags = useMemo<ProductFlags | null>(() => {
    if (line) return line.context.product;
    if (!chosen) return null;
    return {
      hasWidth: chosen.hasWidth,
      hasHeight: chosen.hasHeight,
      hasQuantity: chosen.hasQuantity,
      disableFineFractions: detail.data?.disable_fine_fractions ?? false,
    };
  }, [line, chosen, detail.data]);
  const flagsRef = useRef(flags);
  flagsRef.current = flags;
  const sizeLimits = detail.data?.id === detailId ? detail.data : undefined;

  const resolver = useCallback<Resolver<ProductFormValues>>(async (values) => {
    const errors = validateProductForm(values, flagsRef.current);
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  }, []);
  const form = useForm<ProductFormValues>({
    defaultValues: formDefaults(line, unitOfSystem(view.measureSystem)),
    resolver,
    ...KIT_FORM_MODE,
  });
  const unit = form.watch('unit');
  const productError = form.formState.errors.productId?.message;

  // a new product whose catalog measures in inches opens in inches (sizes typed already are
  // converted, not relabelled); any other keeps the unit shown (the company's, or the dealer's pick)
  const openedUnitOf = useRef<number | null>(null);
  useEffect(() => {
    if (line || !sizeLimits || openedUnitOf.current === sizeLimits.id) return;
    openedUnitOf.current = sizeLimits.id;
    if (sizeLimits.unit === 'in') switchUnit(form, 'in', sizeLimits.disable_fine_fractions);
  }, [line, sizeLimits, form]);
  const rangeOf = (dimension: 'width' | 'height') =>
    sizeLimits &&
    typeableRange(
      {
        min: sizeLimits.size_limits[dimension === 'width' ? 'min_width' : 'min_height'],
        max: sizeLimits.size_limits[dimension === 'width' ? 'max_width' : 'max_height'],
      },
      sizeLimits.unit,
      unit,
      flags?.disableFineFractions ?? false,
    );

  const targetWindowName =
    windowId === undefined ? undefined : (windows.data?.data.find((w) => w.id === windowId)?.name ?? '');
  const windowSuggestions = useMemo(
    () => [...new Set((windows.data?.data ?? []).map((w) => w.name).filter(Boolean))].sort(),
    [windows.data],
  );

  const onSubmit = async (values: ProductFormValues) => {
    if (!flags) return;
    const fields = lineFieldsOf(values, flags);
    try {
      const siteMount = siteMountOf(values);
      if (line) {
        const saved = await update.mutateAsync({ line, ...fields, siteMount });
        form.reset(formDefaults(saved, values.unit));
        setRefreshSignal((n) => n + 1);
        notifySuccess(
          t('productScreen.saved'),
          t('productScreen.savedMessage', { name: saved.context.product.name }),
        );
        return;
      }
      if (!chosen) return;
      const created = await add.mutateAsync({
        ...fields,
        product: { id: chosen.id, brandId: chosen.brandId, categoryId: chosen.categoryId },
        windowId: windowId ?? createdWindow.current,
        windowName: values.windowName.trim(),
        onWindowCreated: (id) => {
          createdWindow.current = id;
        },
      });
      // Adding takes no mount (§7 has site_mount on the PUT): a chosen one follows; if that fails
      // the product is still added and its screen opens with the mount to choose again.
      if (siteMount) {
        await update
          .mutateAsync({ line: created, unit: values.unit, notes: values.notes, siteMount })
          .catch(() => notifyError(t('errors.genericTitle'), t('orderLines.mount.notSaved')));
      }
      notifySuccess(
        t('productScreen.saved'),
        t('productScreen.savedMessage', { name: created.context.product.name }),
      );
      modal.release();
      onCreated(created.id);
    } catch (error) {
      showRefusal(error, form, view, onClose);
    }
  };

  const detailsRef = useRef<HTMLDivElement>(null);
  const choose = (product: ProductTreeItem) => {
    setChosen(product);
    form.setValue('productId', product.id, { shouldDirty: true, shouldValidate: true });
    // on a phone the form is under the tree: bring it up
    if (small) detailsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const productName = line?.context.product.name ?? chosen?.name;
  const fields = (
    <Stack gap="sm" ref={detailsRef} style={{ scrollMarginTop: 'var(--mantine-spacing-md)' }}>
      <Title order={3} size="h5">
        {t('productScreen.details')}
      </Title>
      {productName ? (
        <Paper withBorder p="xs" radius="sm">
          <Text size="xs" c="dimmed">
            {t('productScreen.product')}
          </Text>
          <Text fw={600}>{productName}</Text>
          <Text size="sm" c="dimmed">
            {line
              ? `${line.context.product.brandName} · ${line.context.product.categoryName}`
              : `${chosen?.brandName} · ${chosen?.categoryName}`}
          </Text>
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          {t('productScreen.chooseProduct')}
        </Text>
      )}
      {flags && (flags.hasWidth || flags.hasHeight) && (
        <>
          <UnitSwitch disabled={readOnly} form={form} disableFineFractions={flags.disableFineFractions} />
          {flags.hasWidth && (
            <MeasurementInput
              name="width"
              label={t('productScreen.width')}
              fractionLabel={t('productScreen.widthFraction')}
              unit={unit}
              disableFineFractions={flags.disableFineFractions}
              range={rangeOf('width')}
              disabled={readOnly}
            />
          )}
          {flags.hasHeight && (
            <MeasurementInput
              name="height"
              label={t('productScreen.height')}
              fractionLabel={t('productScreen.heightFraction')}
              unit={unit}
              disableFineFractions={flags.disableFineFractions}
              range={rangeOf('height')}
              disabled={readOnly}
            />
          )}
        </>
      )}
      {(flags?.hasQuantity ?? true) && <QuantityField disabled={readOnly} />}
      {line ? (
        <TextInput
          label={t('productScreen.windowName')}
          value={line.windowGroupName}
          readOnly
          disabled={readOnly}
        />
      ) : targetWindowName !== undefined ? (
        <TextInput label={t('productScreen.windowName')} value={targetWindowName} readOnly />
      ) : (
        <WindowNameField suggestions={windowSuggestions} disabled={readOnly} />
      )}
      <MountField disabled={readOnly} />
      <TextareaField
        name="notes"
        label={t('productScreen.notes')}
        maxLength={5000}
        minRows={2}
        disabled={readOnly}
      />
      {!readOnly && (
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('productScreen.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );

  return (
    <Stack gap="lg">
      <AppForm
        form={form}
        onSubmit={onSubmit}
        aria-label={line ? t('productScreen.editTitle') : t('productScreen.addTitle')}
      >
        <Grid gap="lg">
          {!line && (
            <Grid.Col span={small ? 12 : 4}>
              <Box component="section" aria-label={t('productScreen.tree')}>
                <QueryView query={tree} failedTitle={t('productScreen.treeFailed')}>
                  {(data) => (
                    <Box
                      mah={small ? undefined : '70vh'}
                      style={small ? undefined : { overflowY: 'auto' }}
                      pr={4}
                    >
                      <ProductTree
                        groups={data.groups}
                        selectedId={chosen?.id ?? null}
                        onSelect={choose}
                        disabled={readOnly}
                        error={productError}
                      />
                    </Box>
                  )}
                </QueryView>
              </Box>
            </Grid.Col>
          )}
          <Grid.Col span={small ? 12 : line ? 7 : 5}>{fields}</Grid.Col>
          <Grid.Col span={small ? 12 : line ? 5 : 3}>
            <LineSummary line={line} config={view.priceConfig} />
          </Grid.Col>
        </Grid>
      </AppForm>
      {line && (
        <Box component="section" aria-label={t('productScreen.optionsTitle')}>
          <OptionsFrameHost
            lineId={line.id}
            orderId={orderId}
            windowId={line.orderWindowId}
            refreshSignal={refreshSignal}
            onClose={modal.requestClose}
            onSaved={() => void refreshOrderLines(queryClient, view)}
          />
        </Box>
      )}
    </Stack>
  );
}

/**
 * Puts the form in `next` unit, converting the sizes typed (1200 mm → 47 1/4", to the brand's
 * finest fraction; back to the nearest whole mm). Sizes that are not sizes stay as typed.
 */
function switchUnit(
  form: UseFormReturn<ProductFormValues>,
  next: MeasureUnit,
  disableFineFractions: boolean,
) {
  const from = form.getValues('unit');
  if (from === next) return;
  for (const name of ['width', 'height'] as const) {
    const parts = { whole: form.getValues(name), sixteenths: Number(form.getValues(`${name}Fraction`)) };
    const converted = convertParts(parts, from, next, disableFineFractions);
    const touched = form.getFieldState(name).isTouched;
    form.setValue(name, converted.whole, { shouldDirty: parts.whole !== '', shouldValidate: touched });
    form.setValue(`${name}Fraction`, String(converted.sixteenths));
  }
  form.setValue('unit', next, { shouldDirty: true });
}

/** mm or inches for the sizes (default: the company's measure system, inches for a product whose catalog is in inches; a line keeps its own). */
export function UnitSwitch({
  disabled,
  form,
  disableFineFractions,
}: {
  disabled: boolean;
  form: UseFormReturn<ProductFormValues>;
  disableFineFractions: boolean;
}) {
  const { t } = useTranslation();
  const { field } = useField('unit');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="product-unit-label">
        {t('productScreen.unit')}
      </Text>
      <SegmentedControl
        aria-labelledby="product-unit-label"
        value={field.value as string}
        disabled={disabled}
        onChange={(next) => switchUnit(form, next as MeasureUnit, disableFineFractions)}
        data={[
          { value: 'mm', label: t('productScreen.unitMm') },
          { value: 'in', label: t('productScreen.unitIn') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
    </Stack>
  );
}

/** How the product is fitted on site: inside the recess, on the face of the frame, or not chosen yet. */
function MountField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { field } = useField('siteMount');
  return (
    <Radio.Group
      name={field.name}
      label={t('orderLines.mount.label')}
      value={field.value as string}
      onChange={(next) => {
        field.onChange(next);
        field.onBlur();
      }}
    >
      <Group gap="md" mt={6} data-testid="mount-choice">
        <Radio value="INSIDE" label={t('orderLines.mount.INSIDE')} disabled={disabled} />
        <Radio value="OUTSIDE" label={t('orderLines.mount.OUTSIDE')} disabled={disabled} />
        <Radio value="" label={t('orderLines.mount.notSet')} disabled={disabled} />
      </Group>
    </Radio.Group>
  );
}

/** §5: quantity at least 1, as typed (0 and -3 are refused with a reason); left empty it becomes 1. */
export function QuantityField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { field, error } = useField('quantity');
  const value = (field.value as string | undefined) ?? '';
  return (
    <TextInput
      ref={field.ref}
      name={field.name}
      label={t('productScreen.quantity')}
      value={value}
      disabled={disabled}
      inputMode="numeric"
      autoComplete="off"
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={() => {
        if (value.trim() === '') field.onChange('1');
        field.onBlur();
      }}
      error={error}
      w={160}
    />
  );
}

/** The window's group path (Building/Room/Window), with the quote's existing paths as suggestions. */
function WindowNameField({ suggestions, disabled }: { suggestions: string[]; disabled: boolean }) {
  const { t } = useTranslation();
  const { field, error } = useField('windowName');
  return (
    <Autocomplete
      ref={field.ref}
      name={field.name}
      label={t('productScreen.windowName')}
      description={t('productScreen.windowNameHint')}
      placeholder={t('productScreen.windowNameHint')}
      data={suggestions}
      value={(field.value as string | undefined) ?? ''}
      onChange={(next) => field.onChange(next.slice(0, 300))}
      onBlur={field.onBlur}
      disabled={disabled}
      error={error}
      maxLength={300}
    />
  );
}

/** A line's error messages (§8); OPTIONS_NOT_SELECTED asks to finish the product instead. */
export function lineErrorTexts(errors: readonly LineError[]): { errors: string[]; finish: boolean } {
  return {
    errors: errors
      .filter((e) => e.code !== 'OPTIONS_NOT_SELECTED')
      .map((e) => i18n.t(`productScreen.lineErrors.${e.code}`)),
    finish: errors.some((e) => e.code === 'OPTIONS_NOT_SELECTED'),
  };
}

const sizeText = (line: OrderLine) =>
  [line.dimensions.width, line.dimensions.height]
    .filter((m): m is NonNullable<typeof m> => m !== null)
    .map((m) => formatMeasure(m))
    .join(' × ');

/**
 * Beside the form: the line's size as entered, its cost and (on a quote) sell price (with tax when
 * the quote's prices include tax, as on the PDF), and its errors.
 */
function LineSummary({ line, config }: { line: OrderLine | null; config: PriceConfig | null }) {
  const { t } = useTranslation();
  if (!line)
    return (
      <Paper
        withBorder
        p="sm"
        radius="md"
        bg="gray.0"
        component="aside"
        aria-label={t('productScreen.summary')}
      >
        <Text size="sm" c="dimmed">
          {t('productScreen.notSavedYet')}
        </Text>
      </Paper>
    );
  const { errors, finish } = lineErrorTexts(line.context.errors);
  const size = sizeText(line);
  const sell = config ? shownSellPrice(line, config) : null;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg="gray.0"
      component="aside"
      aria-label={t('productScreen.summary')}
    >
      <Stack gap="xs">
        <Box component="dl" m={0}>
          {size && <SummaryRow label={t('productScreen.size')} value={size} />}
          <SummaryRow label={t('productScreen.quantity')} value={String(line.quantity)} />
          <SummaryRow
            label={t('productScreen.costPrice')}
            value={line.costPrice === null ? t('productScreen.noPrice') : formatMoney(line.costPrice)}
          />
          {config && (
            <SummaryRow
              label={
                config.taxMode === 'INCLUSIVE'
                  ? t('productScreen.sellPriceIncTax')
                  : t('productScreen.sellPrice')
              }
              value={sell === null ? t('productScreen.noPrice') : formatMoney(sell)}
            />
          )}
        </Box>
        {errors.length > 0 && (
          <Alert
            color="orange"
            p="xs"
            title={t('productScreen.errorsTitle')}
            // Mantine's orange title on the light orange keeps 3.6:1 only; the quote's warning text keeps 5.5:1
            styles={{ title: { color: WARNING_TEXT } }}
          >
            <Stack gap={2}>
              {errors.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {finish && (
          <Alert color="blue" p="xs">
            <Text size="sm">{t('productScreen.finishProduct')}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" py={2}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={600} m={0} ta="right">
        {value}
      </Text>
    </Group>
  );
}
