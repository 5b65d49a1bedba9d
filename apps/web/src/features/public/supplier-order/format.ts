/** How the supplier's page writes sizes, options and times (Intl only). */
import type { SupplierViewOrder } from './api';

type Line = SupplierViewOrder['context']['orderLines'][number];

/** The size as the dealer entered it: 'width × height' (either alone when the other is missing). */
export function sizeOf(line: Line): string {
  const { width, height } = line.configuration;
  return [width, height].filter((part): part is string => !!part).join(' × ');
}

/** A line as one short label: 'Window · Product'. */
export function lineLabel(line: Line): string {
  return [line.windowGroupName, line.productName].filter(Boolean).join(' · ');
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An instant as the supplier's local date and time: 'Nov 28, 2026, 4:05 AM'. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}
