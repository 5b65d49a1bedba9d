import { dealMessages } from '@slat/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { firstClickOnly } from '../../lib/clicks';
import { confirmDestructive, requestConfirm } from '../../lib/confirm';
import { en } from '../../lib/i18n/locales/en';
import { unsavedChanges } from '../../lib/unsaved-changes';
import { renderWithProviders } from '../../testing/render';
import { ConfirmHost } from '../ui/confirm-host';
import { TextField } from './fields';
import { AppForm } from './form';
import { FormButtons, FormModal, useFormModal } from './form-modal';
import { useAppForm } from './use-app-form';

const schema = z.object({ name: z.string().min(1, 'Name is required') });

function NameForm({ onSaved }: { onSaved: () => void }) {
  const modal = useFormModal();
  const form = useAppForm(schema, { name: 'Harbour' });
  return (
    <AppForm
      form={form}
      aria-label="Company name"
      onSubmit={() => {
        onSaved();
        modal.close();
      }}
    >
      <TextField name="name" label="Name" />
      <FormButtons submitLabel="Save" />
    </AppForm>
  );
}

function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <ConfirmHost />
      <FormModal
        opened={opened}
        onClose={() => {
          setOpened(false);
          onClose();
        }}
        title="Edit name"
      >
        <NameForm onSaved={() => undefined} />
      </FormModal>
    </>
  );
}

const question = () => screen.queryByRole('dialog', { name: 'Unsaved changes' });

describe('FormModal: the unsaved-changes question on every way out', () => {
  it('the question is the spec’s text, letter for letter', () => {
    expect(en.form.unsaved.message).toBe(dealMessages.unsavedChanges);
  });

  it('Escape, X and Cancel on a changed form ask; Keep editing keeps the text, Discard closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<Harness onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), ' Blinds');
    await waitFor(() => expect(unsavedChanges.any()).toBe(true));

    await user.keyboard('{Escape}');
    expect(await screen.findByText(dealMessages.unsavedChanges)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).toBeNull());
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Harbour Blinds');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('dialog', { name: 'Unsaved changes' });
    // Escape answers the question (Keep editing), and does not also close the form under it
    await user.keyboard('{Escape}');
    await waitFor(() => expect(question()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(unsavedChanges.any()).toBe(false));
  });

  it('an unchanged form closes at once, and a saved one closes without asking', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { unmount } = renderWithProviders(<Harness onClose={onClose} />);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(question()).toBeNull();
    unmount();

    const saved = vi.fn();
    renderWithProviders(<Harness onClose={saved} />);
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(question()).toBeNull();
  });
});

describe('confirm dialog', () => {
  it('runs the action once, its buttons disabled meanwhile; a second question waits its turn', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConfirmHost />);
    let finish: () => void = () => undefined;
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const answer = confirmDestructive({
      title: 'Delete note',
      message: 'Gone for good',
      confirmLabel: 'Delete',
      action,
    });
    expect(
      await requestConfirm({ title: 'Other', message: '', confirmLabel: 'Yes', cancelLabel: 'No' }),
    ).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: 'Delete note' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    const confirm = screen.getByRole('button', { name: 'Delete' });
    await user.click(confirm);
    await user.click(confirm);
    expect(action).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    expect(await answer).toBe(true);
    await waitFor(() =>
      expect(dialog.isConnected && screen.queryByRole('dialog', { name: 'Delete note' })).toBeFalsy(),
    );
  });

  it('the second click of a double click is ignored; a keyboard press counts', () => {
    const handler = vi.fn();
    const click = firstClickOnly(handler);
    click({ detail: 1 });
    click({ detail: 2 });
    click({ detail: 0 });
    expect(handler).toHaveBeenCalledTimes(2);
  });
});
