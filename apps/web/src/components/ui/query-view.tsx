import { Button, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusAlert } from './status-alert';

const SKELETON_ROWS = ['first', 'second', 'third', 'fourth', 'fifth'];

type ViewableQuery<T> = Pick<UseQueryResult<T>, 'data' | 'isError'> & { refetch: () => unknown };

/**
 * A query's three faces: the content once there is data (kept while a refetch fails), else the
 * failure with Try again, else a loading skeleton.
 */
export function QueryView<T>({
  query,
  failedTitle,
  skeletonRows = 3,
  children,
}: {
  query: ViewableQuery<T>;
  /** What could not be loaded ('This list could not be loaded.'). */
  failedTitle: string;
  skeletonRows?: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError)
    return (
      <StatusAlert kind="error" title={failedTitle}>
        <Button mt="xs" size="xs" variant="default" onClick={() => void query.refetch()}>
          {t('app.retry')}
        </Button>
      </StatusAlert>
    );
  return <LoadingSkeleton rows={skeletonRows} />;
}

/** The loading state of something not there yet: `rows` grey blocks of `height` px, announced as loading. */
export function LoadingSkeleton({
  rows,
  height = 36,
  gap = 'sm',
  radius,
}: {
  rows: number;
  height?: number;
  gap?: 'sm' | 'lg';
  /** A card's corners, for blocks that stand for cards. */
  radius?: 'md';
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={gap} aria-busy="true" role="progressbar" aria-label={t('app.loading')}>
      {SKELETON_ROWS.slice(0, rows).map((row) => (
        <Skeleton key={row} h={height} radius={radius} />
      ))}
    </Stack>
  );
}
