import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubFetch } from '@/test/render-with-client';
import { EMPTY_TRIGGER_FORM, type TriggerFormPayload } from '../lib/trigger-form-values';
import { TriggerForm, type TriggerFormProps } from './trigger-form';

beforeEach(() => {
  // The pattern-safety check finds no look-alike; everything else is unknown to the fake server.
  stubFetch((_method, path) =>
    path === '/api/triggers/check-pattern' ? { body: { confusableWith: [] } } : undefined,
  );
});

function renderForm(props: Partial<TriggerFormProps> = {}) {
  const onSubmit = vi.fn<(payload: TriggerFormPayload) => void>();
  renderWithClient(
    <TriggerForm
      initialValues={EMPTY_TRIGGER_FORM}
      submitLabel="Create Trigger"
      pendingLabel="Creating…"
      isPending={false}
      onSubmit={onSubmit}
      {...props}
    />,
  );
  return { user: userEvent.setup({ delay: null }), onSubmit };
}

/** The error a field points at through aria-describedby, as a screen reader would announce it. */
function errorOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const texts = ids
    .map((id) => document.getElementById(id))
    .filter((el) => el?.getAttribute('role') === 'alert');
  return texts[0]?.textContent ?? null;
}

async function choose(user: ReturnType<typeof userEvent.setup>, testId: string, option: string | RegExp) {
  await user.click(screen.getByTestId(testId));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('trigger form', () => {
  it('refuses an empty form with the shared schema messages and sends nothing', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create Trigger' }));

    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(name)).toBe('String must contain at least 1 character(s)');
    // The URL rule shows at once, although zod skips refinements while another field fails.
    expect(errorOf(screen.getByLabelText(/^Action Data/))).toBe('Must be an http or https URL');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('holds Open URL to an http(s) address, and drops the rule for another action', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Summer promo');
    const actionData = screen.getByLabelText(/^Action Data/);
    await user.type(actionData, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Create Trigger' }));
    expect(errorOf(actionData)).toBe('Must be an http or https URL');
    expect(onSubmit).not.toHaveBeenCalled();

    await choose(user, 'trigger-action-select', 'Custom Action');
    await user.click(screen.getByRole('button', { name: 'Create Trigger' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      action: 'CUSTOM_ACTION',
      actionData: 'javascript:alert(1)',
    });
  });

  it('sends the validated payload: trimmed-empty description as null, switches and pattern as set', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Summer promo');
    await user.type(screen.getByLabelText(/^Description/), '   ');
    await user.type(screen.getByLabelText(/^Action Data/), 'https://example.com/offer');
    await user.click(screen.getByRole('switch', { name: 'Public action' }));
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Create Trigger' }));

    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Summer promo',
      description: null,
      type: 'URL',
      action: 'OPEN_URL',
      actionData: 'https://example.com/offer',
      frequencyPattern: [1000, 1200, 1500, 1800],
      status: 'inactive',
      isPublic: true,
      signal: 'audible',
    });
  });

  it('sets the default action when the type changes (SPEC §4)', async () => {
    const { user, onSubmit } = renderForm();
    await choose(user, 'trigger-type-select', 'APP · Launch an app');
    expect(screen.getByTestId('trigger-action-select')).toHaveTextContent('Launch App');
    expect(screen.getByLabelText(/^Action Data/)).toHaveAttribute('placeholder', 'myapp://promo/summer');

    await user.type(screen.getByLabelText('Name'), 'App opener');
    await user.type(screen.getByLabelText(/^Action Data/), 'myapp://promo/summer');
    await user.click(screen.getByRole('button', { name: 'Create Trigger' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      type: 'APP',
      action: 'LAUNCH_APP',
      actionData: 'myapp://promo/summer',
    });
  });

  it('says which tones carry less well across a room, for the signals that play them as set', async () => {
    const { requests } = stubFetch((_method, path) =>
      path === '/api/triggers/check-pattern'
        ? { body: { confusableWith: [] } }
        : path === '/api/triggers/suggest-pattern'
          ? { body: { frequencyPattern: [900, 1250, 1700, 1100], distance: null } }
          : undefined,
    );
    const { user } = renderForm({
      initialValues: { ...EMPTY_TRIGGER_FORM, frequencyPattern: [650, 1800, 500, 650] },
    });
    expect(screen.getByTestId('room-carry-notice')).toHaveTextContent(
      '500 and 650 Hz carry less well across a room',
    );
    // Over 13 kHz voices do not reach: nothing to say.
    await choose(user, 'trigger-signal-select', /^Streaming ·/);
    expect(screen.queryByTestId('room-carry-notice')).toBeNull();
    await choose(user, 'trigger-signal-select', /^Audible ·/);
    // The suggestion is asked for this signal, and its tones end the advice.
    await user.click(screen.getByTestId('suggest-pattern'));
    expect(await screen.findByTestId('frequency-value-0')).toHaveTextContent('900 Hz');
    expect(screen.queryByTestId('room-carry-notice')).toBeNull();
    expect(requests.find((r) => r.path === '/api/triggers/suggest-pattern')?.body).toMatchObject({
      signal: 'audible',
    });
  });

  it('shows the pattern check’s own warning (a repeated tone) with no look-alike trigger', async () => {
    const warning =
      '1300 Hz plays more than once: music often returns to a note, so a song or jingle can match this pattern by chance and set the trigger off when nobody played it. Four different tones are matched by chance least.';
    stubFetch((_method, path) =>
      path === '/api/triggers/check-pattern'
        ? { body: { confusableWith: [], warnings: [warning] } }
        : undefined,
    );
    renderForm({ initialValues: { ...EMPTY_TRIGGER_FORM, frequencyPattern: [1300, 800, 1300, 1750] } });
    expect(await screen.findByTestId('pattern-own-warning')).toHaveTextContent(warning);
    expect(screen.getByTestId('pattern-warning')).not.toHaveTextContent('Listeners could mistake');
  });

  it('shows the server’s per-field messages, and none of its own while pending', async () => {
    const { user, onSubmit } = renderForm({ serverErrors: { name: 'Required' }, isPending: true });
    expect(errorOf(screen.getByLabelText('Name'))).toBe('Required');
    const submit = screen.getByRole('button', { name: 'Creating…' });
    expect(submit).toBeDisabled();
    await user.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  describe('a new trigger whose default tones another account has taken', () => {
    const DEFAULT_TONES = [1000, 1200, 1500, 1800];
    const FREE = [650, 1350, 900, 1750];

    function serve(yours: boolean) {
      const { requests } = stubFetch((_method, path, body) => {
        if (path === '/api/triggers/suggest-pattern')
          return { body: { frequencyPattern: FREE, distance: 9 } };
        if (path !== '/api/triggers/check-pattern') return undefined;
        const tones = (body as { frequencyPattern: number[] }).frequencyPattern;
        const taken = tones.join() === DEFAULT_TONES.join();
        const match = {
          yours,
          id: yours ? 4 : null,
          name: yours ? 'My jingle' : null,
          frequencyPattern: yours ? DEFAULT_TONES : null,
          kind: 'same',
          similarity: 1,
          reason: 'Taken: an active trigger on the platform sounds the same to the detector',
        };
        return { body: { confusableWith: taken ? [match] : [], warnings: [] } };
      });
      return requests;
    }

    async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
      await user.type(screen.getByLabelText('Name'), 'Second creator');
      await user.type(screen.getByLabelText(/^Action Data/), 'https://example.com/second');
      await user.click(screen.getByRole('button', { name: 'Create Trigger' }));
    }

    it('opens on a free pattern and says why', async () => {
      serve(false);
      const { user, onSubmit } = renderForm();
      const notice = await screen.findByTestId('starting-pattern-notice');
      expect(notice).toHaveTextContent(
        "1000, 1200, 1500, 1800 Hz is taken by another account's active trigger, so these free tones were picked instead.",
      );
      await fillAndSubmit(user);
      expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ frequencyPattern: FREE });
    });

    it('keeps the tones when the look-alike is the creator’s own (a warning, not a refusal)', async () => {
      const requests = serve(true);
      const { user, onSubmit } = renderForm();
      expect(await screen.findByTestId('pattern-warning')).toHaveTextContent('My jingle');
      await fillAndSubmit(user);
      expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ frequencyPattern: DEFAULT_TONES });
      expect(requests.some(({ path }) => path === '/api/triggers/suggest-pattern')).toBe(false);
      expect(screen.queryByTestId('starting-pattern-notice')).not.toBeInTheDocument();
    });

    it('leaves an existing trigger’s tones alone', async () => {
      const requests = serve(false);
      const { user, onSubmit } = renderForm({ triggerId: 9, submitLabel: 'Create Trigger' });
      expect(await screen.findByTestId('pattern-warning')).toBeInTheDocument();
      await fillAndSubmit(user);
      expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ frequencyPattern: DEFAULT_TONES });
      expect(requests.some(({ path }) => path === '/api/triggers/suggest-pattern')).toBe(false);
    });
  });
});
