import { Badge, Box, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DealQuote } from '@slat/contracts';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import '../../accept-strings';
import { formatPrice, lineSize } from '../../../order-lines';
import { linkedSuppliersQueryOptions } from '../../api/accept';
import { readyToOrder, SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from './accept-logic';

/** An accepted quote's acceptance record and its Ready to Order list (§2 Quote detail). */
export function AcceptedPanels({ quote }: { quote: DealQuote }) {
  if (quote.status !== 'ACCEPTED') return null;
  return (
    <Stack gap="md">
      {quote.context.acceptance && <AcceptanceRecord acceptance={quote.context.acceptance} />}
      <ReadyToOrder quote={quote} />
    </Stack>
  );
}

type Acceptance = NonNullable<DealQuote['context']['acceptance']>;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * Who accepted, when, from where, with which signature, and what was frozen: the record a dealer
 * shows in a dispute.
 */
function AcceptanceRecord({ acceptance }: { acceptance: Acceptance }) {
  const { t } = useTranslation();
  const headingId = useId();
  const who =
    acceptance.acceptedBy.type === 'CUSTOMER'
      ? t('quoteAccept.acceptedByCustomer', { name: acceptance.acceptedBy.name })
      : acceptance.acceptedBy.name;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="sm"
      data-testid="acceptance"
    >
      <Title order={3} size="h5" id={headingId} mb="xs">
        {t('quoteAccept.acceptanceHeading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        <Stack gap="xs">
          {acceptance.signerName ? (
            <>
              <Fact label={t('quoteAccept.signedBy')}>
                <span data-testid="acceptance-signer">{acceptance.signerName}</span>
              </Fact>
              <Fact label={t('quoteAccept.recordedBy')}>{who}</Fact>
            </>
          ) : (
            <Fact label={t('quoteAccept.acceptedBy')}>{who}</Fact>
          )}
          <Fact label={t('quoteAccept.acceptedAt')}>{formatDateTime(new Date(acceptance.acceptedAt))}</Fact>
          <Group gap="lg">
            <Fact label={t('quoteAccept.acceptedTotal')}>
              {formatPrice(acceptance.pricing.sellGrandTotalIncTax)}
            </Fact>
            <Fact label={t('quoteAccept.acceptedDeposit')}>
              {formatPrice(acceptance.pricing.depositAmount)}
            </Fact>
          </Group>
          <Fact label={t('quoteAccept.ipAddress')}>{acceptance.ipAddress}</Fact>
          {acceptance.userAgent && (
            <Fact label={t('quoteAccept.userAgent')}>
              <Text span size="xs">
                {acceptance.userAgent}
              </Text>
            </Fact>
          )}
          {acceptance.documentSha256 && (
            <Fact label={t('quoteAccept.documentHash')}>
              <Text span size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {acceptance.documentSha256}
              </Text>
            </Fact>
          )}
        </Stack>
        <Box>
          <Text size="xs" c="dimmed" mb={4}>
            {t('quoteAccept.signature')}
          </Text>
          {acceptance.signatureUrl && !acceptance.acceptedWithoutSignature ? (
            <Image
              src={acceptance.signatureUrl}
              alt={t('quoteAccept.signatureImage', {
                name: acceptance.signerName ?? acceptance.acceptedBy.name,
              })}
              w="100%"
              maw={SIGNATURE_WIDTH / 2}
              style={{
                aspectRatio: `${SIGNATURE_WIDTH} / ${SIGNATURE_HEIGHT}`,
                border: '1px solid var(--mantine-color-gray-4)',
                borderRadius: 'var(--mantine-radius-sm)',
                background: '#fff',
              }}
              data-testid="acceptance-signature"
            />
          ) : (
            <Text size="sm" fs="italic">
              {t('quoteAccept.noSignature')}
            </Text>
          )}
        </Box>
      </SimpleGrid>
    </Paper>
  );
}

/** The accepted lines by supplier, each group a purchase order to be (issue: convert to purchase order). */
function ReadyToOrder({ quote }: { quote: DealQuote }) {
  const { t } = useTranslation();
  const headingId = useId();
  const suppliers = useQuery(linkedSuppliersQueryOptions);
  const groups = readyToOrder(quote.context.orderLines, suppliers.data);
  if (groups.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs" data-testid="ready-to-order">
      <Group gap="xs">
        <IconTruckDelivery size={18} aria-hidden />
        <Title order={3} size="h5" id={headingId}>
          {t('quoteAccept.readyToOrder')}
        </Title>
      </Group>
      <Text size="xs" c="dimmed">
        {t('quoteAccept.readyToOrderHint')}
      </Text>
      {groups.map((group) => {
        const name = group.name ?? t('quoteAccept.supplierFallback', { id: group.manufacturerId });
        const cost = formatPrice(group.cost);
        return (
          <Paper key={group.manufacturerId} withBorder radius="md" p="sm">
            <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
              <Text fw={600} size="sm">
                {name}
              </Text>
              <Group gap={6}>
                <Badge variant="light" color="gray" size="sm">
                  {t('quoteAccept.supplierLines', { count: group.lines.length })}
                </Badge>
                {cost && (
                  <Text size="sm" c="dimmed">
                    {t('quoteAccept.supplierCost', { amount: cost })}
                  </Text>
                )}
              </Group>
            </Group>
            <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={name}>
              {group.lines.map((line) => (
                <li key={line.id}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text size="sm" style={{ wordBreak: 'break-word', flex: '1 1 12rem' }}>
                      {line.context.product.name}
                      {line.windowGroupName && (
                        <Text span size="xs" c="dimmed">
                          {' · '}
                          {line.windowGroupName}
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[lineSize(line), `${t('quotes.qty')} ${line.quantity}`].filter(Boolean).join(' · ')}
                    </Text>
                  </Group>
                </li>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
