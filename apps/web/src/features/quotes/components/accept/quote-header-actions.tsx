import { Button, Group } from '@mantine/core';
import type { DealQuote } from '@slat/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconFileTypePdf, IconSignature } from '../../../../components/icons';
import '../../accept-strings';
import { acceptAction } from './accept-logic';

const AcceptQuoteModal = lazy(() => import('./accept-modal').then((m) => ({ default: m.AcceptQuoteModal })));
const PdfViewerModal = lazy(() => import('../pdf-viewer-modal').then((m) => ({ default: m.PdfViewerModal })));

/**
 * The quote modal's header actions: PDF (the viewer of the quote, measure and install
 * sheets) and Accept — shown on a draft with products, disabled with §8's text (its description
 * and tooltip; the header's warning says it too) while a line has errors, and with its own while
 * the total is below zero.
 */
export function QuoteHeaderActions({ quote }: { quote: DealQuote }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'accept' | 'pdf' | null>(null);
  const action = acceptAction(quote, t('quoteAccept.hasErrors'), t('quoteAccept.belowZero'));
  return (
    <Group gap="xs" justify="flex-end" wrap="wrap">
      <Button
        variant="default"
        size="sm"
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        onClick={() => setOpen('pdf')}
      >
        {t('quoteAccept.pdf')}
      </Button>
      {action.show && (
        <Button
          color="teal.9"
          size="sm"
          leftSection={<IconSignature size={16} aria-hidden />}
          disabled={action.disabled}
          // the reason as its description and tooltip; the header shows the same words beside the quote's status
          title={action.reason ?? undefined}
          onClick={() => setOpen('accept')}
        >
          {t('quoteAccept.accept')}
        </Button>
      )}
      <Suspense fallback={null}>
        {open === 'accept' && <AcceptQuoteModal quote={quote} opened onClose={() => setOpen(null)} />}
        {open === 'pdf' && <PdfViewerModal quote={quote} onClose={() => setOpen(null)} />}
      </Suspense>
    </Group>
  );
}
