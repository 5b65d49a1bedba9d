import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// A teal whose shade 7 keeps white text above 4.5:1 (WCAG AA) on buttons and links.
const slat: MantineColorsTuple = [
  '#e6f6f4',
  '#c6e9e5',
  '#9fd9d2',
  '#72c6bc',
  '#49b2a6',
  '#279d90',
  '#168679',
  '#0d6b61',
  '#09564e',
  '#053f39',
];

export const theme = createTheme({
  primaryColor: 'slat',
  primaryShade: 7,
  colors: { slat },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  defaultRadius: 'md',
  // very small < 448, small < 768, medium < 1280, large >= 1280 (foundation §2)
  breakpoints: { xs: '28em', sm: '48em', md: '80em', lg: '80em', xl: '88em' },
});

// Mantine's default dimmed and error greys/reds sit under 4.5:1 on white; darken them.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#55595e',
    '--mantine-color-error': '#c01c1c',
    '--mantine-color-placeholder': '#6b7075',
  },
  dark: {},
});
