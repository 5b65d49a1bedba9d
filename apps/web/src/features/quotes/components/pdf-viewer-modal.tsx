import { Button, Group, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import type { DealQuote } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconDownload, IconExternalLink } from '../../../components/icons';
import { StatusAlert } from '../../../components/ui/status-alert';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import '../accept-strings';
import { isTemplateNotConfigured, PDF_KINDS, type PdfKind, quotePdfQueryOptions } from '../api/accept';

/**
 * §2 quote PDF viewer: the quote, the measure sheet or the install sheet. Each is asked for when
 * shown (GET …/pdf, /measure-pdf, /install-pdf → its url), shown in a frame with a download link.
 * §8: a 501 is 'Template Not Configured: …' exactly; any other failure the generic error panel.
 */
export function PdfViewerModal({
  quote,
  onClose,
  initialKind = 'quote',
}: {
  quote: DealQuote;
  onClose: () => void;
  initialKind?: PdfKind;
}) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === 'verySmall';
  const [kind, setKind] = useState<PdfKind>(initialKind);
  return (
    <Modal
      opened
      onClose={onClose}
      size="64rem"
      fullScreen={phone}
      title={t('quoteAccept.pdfTitle', { tuid: quote.tuid })}
      closeButtonProps={{ 'aria-label': t('quoteAccept.close') }}
    >
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('quoteAccept.pdfKind')}
          fullWidth
          size={phone ? 'xs' : 'sm'}
          value={kind}
          onChange={(value) => setKind(value as PdfKind)}
          data={PDF_KINDS.map((k) => ({ value: k, label: t(`quoteAccept.pdfKinds.${k}`) }))}
        />
        <PdfPane key={kind} quote={quote} kind={kind} phone={phone} />
      </Stack>
    </Modal>
  );
}

function PdfPane({ quote, kind, phone }: { quote: DealQuote; kind: PdfKind; phone: boolean }) {
  const { t } = useTranslation();
  const pdf = useQuery(quotePdfQueryOptions(quote.id, kind));
  const kindName = t(`quoteAccept.pdfKinds.${kind}`);
  if (pdf.isPending)
    return (
      <Group justify="center" p="xl" mih={200}>
        <Loader role="progressbar" aria-label={t('quoteAccept.pdfLoading')} />
      </Group>
    );
  if (pdf.isError) {
    if (isTemplateNotConfigured(pdf.error))
      return (
        <StatusAlert kind="warning" data-testid="pdf-template-not-configured">
          {t('quoteAccept.templateNotConfigured')}
        </StatusAlert>
      );
    return (
      <StatusAlert kind="error" title={t('quoteAccept.pdfFailed')} data-testid="pdf-failed">
        <Text size="sm">{t('quoteAccept.pdfFailedMessage')}</Text>
        <Button size="xs" variant="default" mt="xs" onClick={() => void pdf.refetch()}>
          {t('quoteAccept.retry')}
        </Button>
      </StatusAlert>
    );
  }
  const { url } = pdf.data;
  const fileName = `quote-${quote.tuid}-${kind}.pdf`;
  return (
    <Stack gap="xs">
      <Group gap="xs" justify="flex-end">
        <Button
          component="a"
          href={url}
          download={fileName}
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
        >
          {t('quoteAccept.pdfDownload')}
        </Button>
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener"
          size="xs"
          variant="default"
          leftSection={<IconExternalLink size={14} aria-hidden />}
        >
          {t('quoteAccept.pdfOpen')}
        </Button>
      </Group>
      <iframe
        src={url}
        title={t('quoteAccept.pdfFrame', { kind: kindName, tuid: quote.tuid })}
        data-testid="pdf-frame"
        style={{
          width: '100%',
          height: phone ? 'calc(100dvh - 12rem)' : '70vh',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-gray-1)',
        }}
      />
    </Stack>
  );
}
