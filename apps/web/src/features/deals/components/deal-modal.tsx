import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Divider,
  Grid,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import type { DealDetail, Workflow } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TakeoverStep } from '../../../components/ui/takeover-step';
import { notifyUndoable } from '../../../components/ui/undo-toast';
import { firstClickOnly } from '../../../lib/clicks';
import { formatDateTime } from '../../../lib/format';
import { useEscapeClosesTopmost } from '../../../lib/modal-escape';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PaymentsSection } from '../../payments';
import { QuotesSection } from '../../quotes';
import { dealQueryOptions, useArchiveDeal } from '../api/deals';
import { AppointmentsSection } from './appointments-section';
import { AttachmentsSection } from './attachments-section';
import { DealAlerts, FlagBadges, FlagPicker, StatusPicker } from './deal-bits';
import { DealFormModal } from './deal-form-modal';
import { NotesSection } from './notes-section';
import { RelatedSection } from './related-section';
import { Section } from './section';

/** A deal id as a URL holds it: digits only (anything else opens no modal). */
export const isDealId = (id: string): boolean => /^\d+$/.test(id);

/** §2 Deal detail: a sidebar (a block on small screens) and the deal's sections. */
export function DealModal({
  workflow,
  dealId,
  onClose,
  inPlace = false,
}: {
  workflow: Workflow;
  dealId: number;
  onClose: () => void;
  /**
   * Rendered where it stands rather than in a portal: over the board, whose page the server
   * renders with the deal (a portal cannot be); not over another modal, which would then cover it.
   */
  inPlace?: boolean;
}) {
  const { t } = useTranslation();
  const breakpoint = useBreakpoint();
  const small = breakpoint === 'verySmall' || breakpoint === 'small';
  const query = useQuery(dealQueryOptions(dealId));
  const deal = query.data;
  useDocumentTitle(deal ? `#${deal.tuid} ${deal.name}` : t('pages.deal'));
  // Escape closes this modal unless it belongs to something over it: a dialog opened from this
  // one (an editor, its unsaved-changes question) or an open dropdown (a select's options, a
  // menu). Over a contact's modal, it closes this one only.
  const modalId = useId();
  useEscapeClosesTopmost(modalId, onClose);
  return (
    <Modal
      id={modalId}
      opened
      closeOnEscape={false}
      withinPortal={!inPlace}
      onClose={onClose}
      size="80rem"
      fullScreen={breakpoint === 'verySmall'}
      title={deal ? t('deals.modal.title', { tuid: deal.tuid, name: deal.name }) : t('pages.deal')}
      closeButtonProps={{ 'aria-label': t('deals.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {query.isError && <Alert color="red">{t('deals.dealLoadFailed')}</Alert>}
      {!deal && !query.isError && (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label={t('app.loading')} />
        </Group>
      )}
      {deal && (
        <Grid gap="lg">
          <Grid.Col span={small ? 12 : 4} order={1}>
            <TakeoverStep>
              <Sidebar deal={deal} workflow={workflow} />
            </TakeoverStep>
          </Grid.Col>
          <Grid.Col span={small ? 12 : 8} order={2}>
            <DealBody deal={deal} />
          </Grid.Col>
        </Grid>
      )}
    </Modal>
  );
}

function Sidebar({ deal, workflow }: { deal: DealDetail; workflow: Workflow }) {
  const { t } = useTranslation();
  const archive = useArchiveDeal();
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" component="aside" aria-label={t('deals.modal.sidebar')}>
      <Stack gap="sm">
        {deal.isArchived && (
          <Alert color="gray" p="xs">
            <Text size="sm">{t('deals.archivedNotice')}</Text>
          </Alert>
        )}
        <StatusPicker deal={deal} workflow={workflow} />
        {workflow.flags.map((flag) => (
          <FlagPicker key={flag.id} deal={deal} flag={flag} />
        ))}
        {deal.context.alerts.length > 0 && (
          <Box>
            <Text size="xs" fw={600} mb={4}>
              {t('deals.modal.alerts')}
            </Text>
            <DealAlerts deal={deal} />
          </Box>
        )}
        <Divider />
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {t('deals.modal.quoteCount', { count: deal.context.quoteCount })}
          </Badge>
          <Badge variant="light" color="gray">
            {t('deals.modal.orderCount', { count: deal.context.orderCount })}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('deals.updated')}: {formatDateTime(new Date(deal.updatedAt))}
        </Text>
        <Button
          variant="default"
          size="xs"
          loading={archive.isPending}
          onClick={firstClickOnly(() => {
            if (deal.isArchived) return archive.mutate({ deal, arg: 0 });
            // decision 012: Unarchive puts it back exactly, so archiving offers undo instead of asking
            archive.mutate(
              { deal, arg: 1 },
              {
                onSuccess: () =>
                  notifyUndoable({
                    title: t('deals.archivedToast'),
                    message: t('deals.archivedToastMessage', { tuid: deal.tuid, name: deal.name }),
                    undo: () => archive.mutateAsync({ deal, arg: 0 }),
                  }),
              },
            );
          })}
        >
          {deal.isArchived ? t('deals.unarchive') : t('deals.archive')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** A maps search for the address: opens the phone's maps app or the browser's, no key needed. */
const mapsLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The site address (with a maps link) and the access notes, as the measurer and installer need them. */
function SiteDetails({ deal }: { deal: DealDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {t('deals.siteAddress')}:{' '}
        {deal.siteAddress ? (
          <>
            {deal.siteAddress}{' '}
            <Anchor
              href={mapsLink(deal.siteAddress)}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              underline="always"
            >
              {t('deals.openInMaps')}
            </Anchor>
          </>
        ) : (
          <Text span size="sm" c="dimmed">
            {t('deals.noSiteAddress')}
          </Text>
        )}
      </Text>
      {deal.accessNotes ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {t('deals.accessNotes')}: {deal.accessNotes}
        </Text>
      ) : null}
    </>
  );
}

function DealBody({ deal }: { deal: DealDetail }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const readOnly = deal.isArchived;
  return (
    <Stack gap="lg">
      <Section
        title={t('deals.modal.details')}
        actions={
          <Button size="xs" variant="light" disabled={readOnly} onClick={() => setEditing(true)}>
            {t('deals.edit')}
          </Button>
        }
      >
        <Stack gap={4}>
          <Text fw={600}>{deal.name}</Text>
          <Text size="sm" c={deal.description ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
            {deal.description || t('deals.noDescription')}
          </Text>
          <Text size="sm">
            {t('deals.contact')}:{' '}
            {deal.contact
              ? `${deal.contact.name}${deal.contact.email ? ` · ${deal.contact.email}` : ''}`
              : t('deals.noContact')}
          </Text>
          <SiteDetails deal={deal} />
          <FlagBadges deal={deal} />
        </Stack>
      </Section>
      <TakeoverStep>
        <AppointmentsSection deal={deal} readOnly={readOnly} />
      </TakeoverStep>
      <TakeoverStep>
        <RelatedSection deal={deal} readOnly={readOnly} />
      </TakeoverStep>
      <TakeoverStep>
        <PaymentsSection deal={deal} readOnly={readOnly} />
      </TakeoverStep>
      <TakeoverStep>
        <AttachmentsSection dealId={deal.id} readOnly={readOnly} />
      </TakeoverStep>
      <TakeoverStep>
        <QuotesSection deal={deal} readOnly={readOnly} />
      </TakeoverStep>
      <TakeoverStep>
        <NotesSection dealId={deal.id} readOnly={readOnly} />
      </TakeoverStep>
      <DealFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        workflowId={deal.workflowId}
        deal={deal}
      />
    </Stack>
  );
}
