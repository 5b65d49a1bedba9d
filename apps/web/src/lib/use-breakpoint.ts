import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '../config/constants';

export type Breakpoint = 'verySmall' | 'small' | 'medium' | 'large';

/** The four breakpoints of foundation §2. */
export function useBreakpoint(): Breakpoint {
  const large = useMediaQuery(`(min-width: ${BREAKPOINTS.medium}px)`, true);
  const medium = useMediaQuery(`(min-width: ${BREAKPOINTS.small}px)`, true);
  const small = useMediaQuery(`(min-width: ${BREAKPOINTS.verySmall}px)`, true);
  if (large) return 'large';
  if (medium) return 'medium';
  if (small) return 'small';
  return 'verySmall';
}
