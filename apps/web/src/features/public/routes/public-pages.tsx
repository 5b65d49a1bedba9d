import '../strings';
import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export function CustomerQuotePage() {
  const { t } = useTranslation();
  return (
    <Container component="main" py="xl">
      <PlaceholderPage title={t('pages.customerQuote')} />
    </Container>
  );
}

export function CheckoutPage() {
  const { t } = useTranslation();
  return (
    <Container component="main" py="xl">
      <PlaceholderPage title={t('pages.checkout')} />
    </Container>
  );
}

export function CheckoutReturnPage() {
  const { t } = useTranslation();
  return (
    <Container component="main" py="xl">
      <PlaceholderPage title={t('pages.checkoutReturn')} />
    </Container>
  );
}
