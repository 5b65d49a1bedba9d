import { Group, NativeSelect, NumberInput } from '@mantine/core';
import {
  fractionChoices,
  fractionLabel,
  inchesToSixteenths,
  type MeasureUnit,
  sixteenthsToInches,
} from '@slat/domain';
import { useTranslation } from 'react-i18next';
import { useField } from '../../../components/form/fields';

/**
 * Sizes as a dealer enters them (§5 Measurements, DESIGN §5): metric is whole millimetres;
 * imperial is whole inches plus a fraction picked from a list (halves and quarters always,
 * eighths and sixteenths unless the brand disables them). The form holds the whole number and
 * the fraction in sixteenths; the API takes the number in the unit (36 3/8 → 36.375).
 */
export type SizeParts = { whole: number | null; sixteenths: number };

/** The largest whole number each unit takes (the API's limits: 6 digits of mm, 10 000 inches). */
export const MAX_WHOLE: Record<MeasureUnit, number> = { mm: 999_999, in: 10_000 };

/** A stored size → the inputs: `36.375 in` → 36 and 6/16; `1200 mm` → 1200; none → empty. */
export function measureToParts(measure: { value: string; unit: MeasureUnit } | null | undefined): SizeParts {
  if (!measure) return { whole: null, sixteenths: 0 };
  if (measure.unit === 'mm') {
    const mm = Number(measure.value);
    return { whole: Number.isFinite(mm) ? Math.trunc(mm) : null, sixteenths: 0 };
  }
  const sixteenths = inchesToSixteenths(measure.value);
  if (sixteenths === undefined) return { whole: null, sixteenths: 0 };
  return { whole: Math.floor(sixteenths / 16), sixteenths: sixteenths % 16 };
}

/**
 * The inputs → the number the API takes in `unit` (undefined while the whole number is empty).
 * Millimetres ignore the fraction; inches add it: 36 and 6/16 → 36.375.
 */
export function partsToValue(parts: SizeParts, unit: MeasureUnit): number | undefined {
  if (parts.whole === null) return undefined;
  if (unit === 'mm') return parts.whole;
  return Number(sixteenthsToInches(parts.whole * 16 + parts.sixteenths));
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

/** Why the inputs are not a size: empty (`required`), or a fine fraction the brand refuses. */
export function sizePartsProblem(
  parts: SizeParts,
  unit: MeasureUnit,
  disableFineFractions: boolean,
): 'required' | 'tooLarge' | 'fineFraction' | undefined {
  if (parts.whole === null || (parts.whole === 0 && (unit === 'mm' || parts.sixteenths === 0)))
    return 'required';
  if (parts.whole > MAX_WHOLE[unit]) return 'tooLarge';
  if (unit === 'in' && disableFineFractions && parts.sixteenths % 4 !== 0) return 'fineFraction';
  return undefined;
}

type MeasurementInputProps = {
  /** The form field of the whole number; the fraction is `${name}Fraction` (sixteenths, as text). */
  name: 'width' | 'height';
  label: string;
  fractionLabel: string;
  unit: MeasureUnit;
  disableFineFractions: boolean;
  disabled?: boolean;
};

/** Width or height: a whole number in the unit, and in inches the fraction picker beside it. */
export function MeasurementInput({
  name,
  label,
  fractionLabel: fractionName,
  unit,
  disableFineFractions,
  disabled = false,
}: MeasurementInputProps) {
  const { t } = useTranslation();
  const whole = useField(name);
  const fraction = useField(`${name}Fraction`);
  const wholeValue = whole.field.value as number | null | undefined;
  const fractionValue = String(fraction.field.value ?? '0');
  const unitText = unit === 'mm' ? t('productScreen.unitMm') : t('productScreen.unitIn');
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NumberInput
        ref={whole.field.ref}
        name={whole.field.name}
        label={label}
        required
        disabled={disabled}
        value={wholeValue ?? ''}
        onChange={(next) =>
          whole.field.onChange(typeof next === 'number' ? next : next === '' ? null : Number(next))
        }
        onBlur={whole.field.onBlur}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        min={0}
        max={MAX_WHOLE[unit]}
        inputMode="numeric"
        rightSection={<span aria-hidden="true">{unitText}</span>}
        rightSectionPointerEvents="none"
        error={whole.error}
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
