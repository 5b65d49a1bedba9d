import { Group, NativeSelect, TextInput } from '@mantine/core';
import {
  formatCounted,
  formatInches,
  fractionChoices,
  fractionLabel,
  inchesToSixteenths,
  type MeasureUnit,
  mmToSixteenths,
  readWholeNumber,
  sixteenthsToInches,
  sixteenthsToMm,
  type WholeNumberProblem,
} from '@slat/domain';
import { useTranslation } from 'react-i18next';
import { useField } from '../../../components/form/fields';
import { i18n } from '../../../lib/i18n/i18n';

/**
 * Sizes as a dealer enters them (§5 Measurements, DESIGN §5): metric is whole millimetres;
 * imperial is whole inches plus a fraction picked from a list (halves and quarters always,
 * eighths and sixteenths unless the brand disables them). The form holds the whole number as
 * typed (text, so nothing typed is dropped or changed) and the fraction in sixteenths; the API
 * takes the number in the unit (36 3/8 → 36.375).
 */
export type SizeParts = { whole: string; sixteenths: number };

/** The largest whole number each unit takes (the API's limits: 6 digits of mm, 10 000 inches). */
export const MAX_WHOLE: Record<MeasureUnit, number> = { mm: 999_999, in: 10_000 };

/** What a whole-number field may end with and still be read: its unit. */
const UNIT_WORDS: Record<MeasureUnit, readonly string[]> = { mm: ['mm'], in: ['"', 'inches', 'in'] };

/** A stored size → the inputs: `36.375 in` → "36" and 6/16; `1200 mm` → "1200"; none → empty. */
export function measureToParts(measure: { value: string; unit: MeasureUnit } | null | undefined): SizeParts {
  if (!measure) return { whole: '', sixteenths: 0 };
  if (measure.unit === 'mm') {
    const mm = Number(measure.value);
    return { whole: Number.isFinite(mm) ? String(Math.trunc(mm)) : '', sixteenths: 0 };
  }
  const sixteenths = inchesToSixteenths(measure.value);
  if (sixteenths === undefined) return { whole: '', sixteenths: 0 };
  return { whole: String(Math.floor(sixteenths / 16)), sixteenths: sixteenths % 16 };
}

/** Why the inputs are not a size: the typed text's reason, nothing but 0, too large, or a fraction the brand refuses. */
export type SizeProblem =
  | Exclude<WholeNumberProblem, 'empty'>
  | 'required'
  | 'zero'
  | 'tooLarge'
  | 'fineFraction';

/**
 * The inputs read as a size, counted in the unit's smallest step (millimetres, or sixteenths of an
 * inch), or the reason they are not one.
 */
export function readSize(
  parts: SizeParts,
  unit: MeasureUnit,
  disableFineFractions: boolean,
): { ok: true; count: number } | { ok: false; problem: SizeProblem } {
  const whole = readWholeNumber(parts.whole, UNIT_WORDS[unit]);
  if (!whole.ok) return { ok: false, problem: whole.problem === 'empty' ? 'required' : whole.problem };
  if (whole.value > MAX_WHOLE[unit]) return { ok: false, problem: 'tooLarge' };
  if (unit === 'mm')
    return whole.value === 0 ? { ok: false, problem: 'zero' } : { ok: true, count: whole.value };
  const count = whole.value * 16 + parts.sixteenths;
  if (count === 0) return { ok: false, problem: 'zero' };
  if (count > MAX_WHOLE.in * 16) return { ok: false, problem: 'tooLarge' };
  if (disableFineFractions && parts.sixteenths % 4 !== 0) return { ok: false, problem: 'fineFraction' };
  return { ok: true, count };
}

/**
 * The inputs → the number the API takes in `unit` (undefined while they are not a size).
 * Millimetres ignore the fraction; inches add it: 36 and 6/16 → 36.375.
 */
export function partsToValue(parts: SizeParts, unit: MeasureUnit): number | undefined {
  const size = readSize(parts, unit, false);
  if (!size.ok) return undefined;
  return unit === 'mm' ? size.count : Number(sixteenthsToInches(size.count));
}

/**
 * The same size in the other unit (the unit switch converts, never relabels): millimetres to the
 * nearest of the brand's finest fraction, inches to the nearest whole millimetre. Text that is not
 * a size stays as typed, so its message stays beside it.
 */
export function convertParts(
  parts: SizeParts,
  from: MeasureUnit,
  to: MeasureUnit,
  disableFineFractions: boolean,
): SizeParts {
  if (from === to) return parts;
  const size = readSize(parts, from, false);
  if (!size.ok) return { whole: parts.whole, sixteenths: to === 'mm' ? 0 : parts.sixteenths };
  if (to === 'mm') return { whole: String(sixteenthsToMm(size.count)), sixteenths: 0 };
  const sixteenths = mmToSixteenths(size.count, disableFineFractions);
  return { whole: String(Math.floor(sixteenths / 16)), sixteenths: sixteenths % 16 };
}

/** Where a size is against the catalog's limits (typeable bounds, in the unit's count). */
export function rangeProblem(
  count: number,
  range: { min?: number; max?: number },
): 'between' | 'atLeast' | 'atMost' | undefined {
  const below = range.min !== undefined && count < range.min;
  const above = range.max !== undefined && count > range.max;
  if (!below && !above) return undefined;
  if (range.min !== undefined && range.max !== undefined) return 'between';
  return below ? 'atLeast' : 'atMost';
}

/**
 * The fractions the picker offers, in sixteenths: 0, 1/4, 1/2, 3/4 always, the eighths and
 * sixteenths too unless the brand disables fine fractions. A value already held (a line saved
 * before the brand changed) stays offered, so it shows exactly as entered.
 */
export function fractionOptions(disableFineFractions: boolean, keep = 0): { value: string; label: string }[] {
  const choices = fractionChoices(disableFineFractions).map((c) => ({
    value: String(c.sixteenths),
    label: c.label,
  }));
  if (keep > 0 && keep < 16 && !choices.some((c) => c.value === String(keep))) {
    choices.push({ value: String(keep), label: fractionLabel(keep) });
    choices.sort((a, b) => Number(a.value) - Number(b.value));
  }
  return choices;
}

/** The field's message for a size that is not one, in the dealer's words, naming what was typed. */
export function sizeProblemMessage(
  problem: SizeProblem,
  label: string,
  typed: string,
  unit: MeasureUnit,
): string {
  const text = typed.trim();
  switch (problem) {
    case 'required':
      return i18n.t('form.labelRequired', { label });
    case 'decimalPoint':
      return unit === 'mm'
        ? i18n.t('productScreen.sizeDecimalMm', { text })
        : i18n.t('productScreen.sizeDecimalIn', { text });
    case 'fraction':
      return i18n.t('productScreen.sizeFractionIn');
    case 'exponent':
      return i18n.t('productScreen.numberExponent', { text });
    case 'negative':
      return i18n.t('productScreen.sizeNegative', { label, text });
    case 'notANumber':
      return unit === 'mm'
        ? i18n.t('productScreen.sizeNotNumberMm')
        : i18n.t('productScreen.sizeNotNumberIn');
    case 'zero':
      return i18n.t('productScreen.sizeZero', { label });
    case 'tooLarge':
      return i18n.t('productScreen.tooLarge', { label, max: MAX_WHOLE[unit] });
    case 'fineFraction':
      return i18n.t('productScreen.fineFractionsOff');
  }
}

/**
 * The message for a size outside the catalog's limits ('Width must be between 300 and 3000 mm'),
 * or undefined when it is inside them or is not a size yet. It says why the server will answer
 * BAD_SIZE; it does not stop the save (the line keeps the size and shows BAD_SIZE).
 */
export function sizeRangeMessage(
  parts: SizeParts,
  unit: MeasureUnit,
  range: { min?: number; max?: number } | undefined,
  label: string,
): string | undefined {
  if (!range) return undefined;
  const size = readSize(parts, unit, false);
  if (!size.ok) return undefined;
  const where = rangeProblem(size.count, range);
  if (!where) return undefined;
  // the lower bound without its unit when both are named: 'between 300 and 3000 mm'
  const bare = (count: number) => (unit === 'mm' ? String(count) : formatInches(sixteenthsToInches(count)));
  if (where === 'between')
    return i18n.t('productScreen.sizeBetween', {
      label,
      min: bare(range.min!),
      max: formatCounted(range.max!, unit),
    });
  return where === 'atLeast'
    ? i18n.t('productScreen.sizeAtLeast', { label, min: formatCounted(range.min!, unit) })
    : i18n.t('productScreen.sizeAtMost', { label, max: formatCounted(range.max!, unit) });
}

type MeasurementInputProps = {
  /** The form field of the whole number; the fraction is `${name}Fraction` (sixteenths, as text). */
  name: 'width' | 'height';
  label: string;
  fractionLabel: string;
  unit: MeasureUnit;
  disableFineFractions: boolean;
  /** The sizes the catalog allows, in the unit's count (mm or sixteenths); none when unknown. */
  range?: { min?: number; max?: number } | undefined;
  disabled?: boolean;
};

/**
 * Width or height: the whole number in the unit as typed, and in inches the fraction picker
 * beside it. A size outside the catalog's limits says so under the field.
 */
export function MeasurementInput({
  name,
  label,
  fractionLabel: fractionName,
  unit,
  disableFineFractions,
  range,
  disabled = false,
}: MeasurementInputProps) {
  const { t } = useTranslation();
  const whole = useField(name);
  const fraction = useField(`${name}Fraction`);
  const wholeValue = (whole.field.value as string | null | undefined) ?? '';
  const fractionValue = String(fraction.field.value ?? '0');
  const unitText = unit === 'mm' ? t('productScreen.unitMm') : t('productScreen.unitIn');
  const outOfRange = sizeRangeMessage(
    { whole: wholeValue, sixteenths: Number(fractionValue) },
    unit,
    range,
    label,
  );
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        ref={whole.field.ref}
        name={whole.field.name}
        label={label}
        required
        disabled={disabled}
        value={wholeValue}
        onChange={(event) => whole.field.onChange(event.currentTarget.value)}
        onBlur={whole.field.onBlur}
        inputMode="numeric"
        autoComplete="off"
        rightSection={<span aria-hidden="true">{unitText}</span>}
        rightSectionPointerEvents="none"
        error={whole.error ?? outOfRange}
        style={{ flex: 1, minWidth: 0 }}
      />
      {unit === 'in' && (
        <NativeSelect
          ref={fraction.field.ref}
          name={fraction.field.name}
          label={t('productScreen.fraction')}
          aria-label={fractionName}
          disabled={disabled}
          value={fractionValue}
          onChange={(event) => fraction.field.onChange(event.currentTarget.value)}
          onBlur={fraction.field.onBlur}
          data={fractionOptions(disableFineFractions, Number(fractionValue))}
          error={fraction.error}
          w={96}
        />
      )}
    </Group>
  );
}
