import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { theme } from '../components/ui/theme';

/** Renders with Mantine and the toast container, as the app does. */
export function renderWithProviders(ui: ReactElement) {
  return render(
    <MantineProvider theme={theme}>
      <Notifications />
      {ui}
    </MantineProvider>,
  );
}

/** The text of an element's aria-describedby targets (its error message). */
export function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

export const inputValue = (element: HTMLElement) => (element as HTMLInputElement).value;
