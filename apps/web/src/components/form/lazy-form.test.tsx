import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { notifySuccess } from '../../lib/notify';
import { DeferredNotifications } from '../ui/deferred-notifications';
import { theme } from '../ui/theme';
import { lazyZodResolver, preloadLazyForm } from './lazy-form';

const schema = z.object({ name: z.string().min(1, 'Name is required') });
/** What react-hook-form passes a resolver, typed for whichever form calls it. */
const options = <T extends FieldValues>(): ResolverOptions<T> => ({
  fields: {},
  shouldUseNativeValidation: false,
});

describe('lazy form schemas', () => {
  it('fetches the schema once, on the first validation, and validates with it', async () => {
    const load = vi.fn(async () => schema);
    const resolve = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();
    const bad = await resolve({ name: '' }, undefined, options());
    expect(bad.errors.name?.message).toBe('Name is required');
    const good = await resolve({ name: 'Dana' }, undefined, options());
    expect(good.values).toEqual({ name: 'Dana' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed fetch stops that submit (no values, a root error) and is tried again by the next', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const resolve = lazyZodResolver(load);
    const failed = await resolve({ name: 'Dana' }, undefined, options());
    expect(failed.values).toEqual({});
    expect(failed.errors.root?.type).toBe('unavailable');
    expect((await resolve({ name: '' }, undefined, options())).errors.name?.message).toBe('Name is required');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloading fetches ahead of the first validation', async () => {
    const load = vi.fn(async () => schema);
    preloadLazyForm(load);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await lazyZodResolver(load)({ name: 'x' }, undefined, options());
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('deferred toasts', () => {
  it('the container mounts with the first toast and shows it', async () => {
    render(
      <MantineProvider theme={theme}>
        <DeferredNotifications />
        <button type="button" onClick={() => notifySuccess('Saved', 'All good')}>
          Save
        </button>
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('All good')).toBeTruthy();
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
