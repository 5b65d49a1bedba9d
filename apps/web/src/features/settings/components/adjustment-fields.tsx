import { useTranslation } from 'react-i18next';
import { NativeSelectField } from '../../../components/form/choice-fields';
import { NumberField } from '../../../components/form/number-field';

type AdjustmentFieldsProps = {
  typeName: string;
  valueName: string;
  typeLabel: string;
  valueLabel: string;
};

/** A price adjustment (the account default, a markup override): mark-up or margin, and its %. */
export function AdjustmentFields({ typeName, valueName, typeLabel, valueLabel }: AdjustmentFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelectField
        name={typeName}
        label={typeLabel}
        data={[
          { value: 'PERCENT_MARK_UP', label: t('settings.quotes.markUp') },
          { value: 'PERCENT_MARGIN', label: t('settings.quotes.margin') },
        ]}
      />
      <NumberField name={valueName} label={valueLabel} min={0} max={10000} decimalScale={2} suffix="%" />
    </>
  );
}
