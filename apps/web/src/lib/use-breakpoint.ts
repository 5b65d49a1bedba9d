import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '../config/constants';
import { firstViewport } from './first-screen';

export type Breakpoint = 'verySmall' | 'small' | 'medium' | 'large';

/** The four breakpoints of foundation §2; a first render uses the first viewport (first-screen.ts). */
export function useBreakpoint(): Breakpoint {
  const { width } = firstViewport();
  const large = useMediaQuery(`(min-width: ${BREAKPOINTS.medium}px)`, width >= BREAKPOINTS.medium);
  const medium = useMediaQuery(`(min-width: ${BREAKPOINTS.small}px)`, width >= BREAKPOINTS.small);
  const small = useMediaQuery(`(min-width: ${BREAKPOINTS.verySmall}px)`, width >= BREAKPOINTS.verySmall);
  if (large) return 'large';
  if (medium) return 'medium';
  if (small) return 'small';
  return 'verySmall';
}
