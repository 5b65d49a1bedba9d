import type { Page } from '@playwright/test';

/** Chooses a workflow schema file through Import schema (a JSON value, or raw text). */
export async function chooseWorkflowFile(page: Page, name: string, content: unknown) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import schema' }).click();
  await (await chooser).setFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(typeof content === 'string' ? content : JSON.stringify(content)),
  });
}

/** A schema file the contract refuses: a workflow needs at least one status. */
export const BROKEN_WORKFLOW = {
  format: 'slat.workflow',
  version: 1,
  name: 'Broken',
  statuses: [],
  flags: [],
};
