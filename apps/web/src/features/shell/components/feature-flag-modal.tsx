import { Modal, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FEATURE_FLAGS, setLocalFlag, useFeatureFlags } from '../../../lib/feature-flags';
import { useOpenedOnce } from '../../../lib/use-opened-once';

/** The developer flag menu: shown only when analytics (PostHog) is off; flags live in local storage. */
export function FeatureFlagModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const flags = useFeatureFlags();
  const everOpened = useOpenedOnce(opened);
  if (!everOpened) return null;
  return (
    <Modal opened={opened} onClose={onClose} title={t('shell.featureFlags')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('shell.featureFlagsHelp')}
        </Text>
        {FEATURE_FLAGS.map((flag) => (
          <Switch
            key={flag}
            label={flag}
            description={t(`flags.${flag}`)}
            checked={flags[flag]}
            onChange={(event) => setLocalFlag(flag, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Modal>
  );
}
