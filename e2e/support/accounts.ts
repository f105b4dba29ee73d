import type { Page } from 'playwright-core';

/** Creates an account through the landing page's Creator tab, as a person would. */
export async function signUpInBrowser(page: Page, email: string, password = 'password-123') {
  await page.goto('/landing?tab=creator');
  await page.getByTestId('auth-mode-toggle').click();
  const form = page.getByTestId('register-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button').last().click();
  await page.waitForURL(/\/admin/);
}

/** Signs up through the API inside the page's context, so the browser shares the cookie. */
export async function signUpViaApi(page: Page, email: string, password = 'password-123') {
  const response = await page.request.post('/api/auth/register', { data: { email, password } });
  if (response.status() !== 201) throw new Error(`register ${response.status()}: ${await response.text()}`);
  return (await response.json()) as { user: { id: number; role: string } };
}

export async function createTriggerViaApi(page: Page, body: Record<string, unknown>) {
  const response = await page.request.post('/api/triggers', { data: body });
  if (response.status() !== 201)
    throw new Error(`create trigger ${response.status()}: ${await response.text()}`);
  return (await response.json()) as { id: number; name: string };
}
