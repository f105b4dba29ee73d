// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiFetch, apiRequest, errorMessage, parseErrorBody } from './api-client';

function mockFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('parseErrorBody', () => {
  it('prefers the JSON error field and keeps code and fields', () => {
    expect(
      parseErrorBody(
        JSON.stringify({ error: 'name: Required', code: 'VALIDATION', fields: { name: 'Required' } }),
        'Bad Request',
      ),
    ).toEqual({ text: 'name: Required', code: 'VALIDATION', fields: { name: 'Required' } });
  });

  it('uses the body text when it is not JSON with an error field', () => {
    expect(parseErrorBody('upstream exploded', 'Bad Gateway')).toEqual({ text: 'upstream exploded' });
    expect(parseErrorBody('{"message":"x"}', 'Bad Request')).toEqual({ text: '{"message":"x"}' });
  });

  it('falls back to the status text for an empty body', () => {
    expect(parseErrorBody('  ', 'Not Found')).toEqual({ text: 'Not Found' });
  });
});

describe('apiFetch', () => {
  it('sends cookies and JSON', async () => {
    const fetchMock = mockFetch(200, '{}');
    await apiFetch('/api/triggers', { method: 'POST', body: { name: 'x' } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/triggers',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{"name":"x"}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it("raises '{status}: {error}' for reads", async () => {
    mockFetch(404, JSON.stringify({ error: 'Trigger not found', code: 'NOT_FOUND' }), 'Not Found');
    const error = await apiFetch('/api/triggers/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: Trigger not found');
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).code).toBe('NOT_FOUND');
  });

  it("raises 'Server responded with {status}: {statusText}' for saves, keeping the field messages", async () => {
    mockFetch(
      400,
      JSON.stringify({ error: 'name: Required', code: 'VALIDATION', fields: { name: 'Required' } }),
      'Bad Request',
    );
    const error = await apiFetch('/api/triggers', { method: 'POST', body: {}, errorStyle: 'save' }).catch(
      (e: unknown) => e,
    );
    expect((error as ApiError).message).toBe('Server responded with 400: Bad Request');
    expect((error as ApiError).fields).toEqual({ name: 'Required' });
    expect((error as ApiError).serverMessage).toBe('name: Required');
  });
});

describe('apiRequest', () => {
  it('validates the answer with the schema', async () => {
    mockFetch(200, JSON.stringify({ sent: true, extra: 1 }));
    await expect(apiRequest('/x', z.object({ sent: z.boolean() }))).resolves.toEqual({ sent: true });
  });
});

describe('errorMessage', () => {
  it('uses the error message, or the fallback for network and unknown failures', () => {
    const apiError = new ApiError('Server responded with 500: Internal Server Error', {
      status: 500,
      statusText: 'Internal Server Error',
      serverMessage: 'Internal error',
    });
    expect(errorMessage(apiError, 'fallback')).toBe('Server responded with 500: Internal Server Error');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to save trigger')).toBe(
      'Failed to save trigger',
    );
    expect(errorMessage('weird', 'Failed to save trigger')).toBe('Failed to save trigger');
  });
});
