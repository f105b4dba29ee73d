import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';

/** One answer of the fake server: JSON with a status (200 unless given). */
export interface FakeAnswer {
  status?: number;
  body: unknown;
}

/** Picks the answer for a request; undefined means the fake server knows no such route (404). */
export type FakeRoutes = (method: string, path: string, body: unknown) => FakeAnswer | undefined;

/**
 * Replaces fetch with a fake server for the component under test, and records every request,
 * so a test can assert the payload the screen sent. Signed-out by default (GET /api/auth/me 401).
 */
export function stubFetch(routes: FakeRoutes = () => undefined) {
  const requests: { method: string; path: string; search: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, search: url.search, body });
    const answer =
      routes(method, url.pathname, body) ??
      (url.pathname === '/api/auth/me'
        ? { status: 401, body: { error: 'Not signed in' } }
        : { status: 404, body: { error: 'Not found' } });
    // A 204 carries no body (the Response constructor refuses one).
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests };
}

/** Renders a screen part as the app does: a query client (no retries), a router and the toasts. */
export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        {ui}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
