import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, type Language, setLanguage } from '../../../lib/i18n/i18n';

/** Language choice on the sign-in page, before there is a user menu. */
export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      size="xs"
      label={t('language.label')}
      value={currentLanguage()}
      onChange={(event) => void setLanguage(event.currentTarget.value as Language)}
      data={LANGUAGES.map((code) => ({ value: code, label: t(`language.${code}`) }))}
      w={160}
      style={{ alignSelf: 'center' }}
    />
  );
}
