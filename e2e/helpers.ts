import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
fs.mkdirSync(SHOTS, { recursive: true });

/** Saves a screenshot under e2e/screenshots/ to look at what users see. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

export async function signIn(page: Page, email: string, password = email.split('@')[0]!) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** A token straight from the API, for setting up data without the UI. */
export async function apiToken(page: Page, email: string, password = email.split('@')[0]!) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return res.headers()['authorization']!.replace(/^Bearer /, '');
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
