import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, expect } from '../../fixtures';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../screenshots');

export async function signInWithForm(
  page: Page,
  username: string = DEMO.username,
  password: string = DEMO.password,
) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOutWithMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}
