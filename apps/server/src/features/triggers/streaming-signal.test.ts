import { createDetector, readWav } from '@tonemark/audio';
import { catalogueSchema, type Trigger, triggerToneKey } from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPattern } from '../../test/patterns.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

/** Runs one detector over `samples` followed by silence, so a pattern at the very end is reported. */
function detectionsIn(
  samples: Float32Array,
  rate: number,
  signal: 'audible' | 'streaming',
  pattern: number[],
) {
  const detector = createDetector('coherent', {
    sampleRate: rate,
    triggers: [{ id: 'x', frequencyPattern: pattern, signal }],
  });
  const padded = new Float32Array(samples.length + 2 * rate);
  padded.set(samples, rate / 2);
  return detector.push(padded);
}

// The streaming signal as a product feature (issue 9 item 5): the same row, tone, catalogue and
// public API paths as the other signals, with its own band.
describe('streaming signal through the trigger, listener and public API paths', () => {
  let t: TestApp;
  let alice: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await signUp(t.app);
    alice = await signUp(t.app);
  });
  afterAll(async () => t?.close());

  it('stores a streaming trigger, renders its tone at 13-15.5 kHz and lists it for listeners', async () => {
    const pattern = freshPattern();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
      payload: {
        name: 'Podcast',
        type: 'URL',
        actionData: 'https://example.com/p',
        frequencyPattern: pattern,
        signal: 'streaming',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const trigger = created.json<Trigger>();
    expect(trigger.signal).toBe('streaming');

    const tone = await t.app.inject({ method: 'GET', url: `/media/${triggerToneKey(trigger.publicId)}` });
    expect(tone.statusCode).toBe(200);
    const wav = readWav(new Uint8Array(tone.rawPayload));
    const samples = wav.channels[0] ?? new Float32Array(0);
    expect(detectionsIn(samples, wav.sampleRate, 'streaming', pattern)).toHaveLength(1);
    // The same pattern in the audible band is not in this tone at all.
    expect(detectionsIn(samples, wav.sampleRate, 'audible', pattern)).toHaveLength(0);

    const catalogue = catalogueSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/listener/catalogue' })).json(),
    );
    const entry = catalogue.triggers.find((e) => e.frequencyPattern.join() === pattern.join());
    expect(entry?.signal).toBe('streaming');
  });

  it('changes an audible trigger to streaming and refuses an unknown signal with a 400', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
      payload: {
        name: 'Jingle',
        type: 'URL',
        actionData: 'https://example.com/j',
        frequencyPattern: freshPattern(),
        status: 'inactive',
      },
    });
    const trigger = created.json<Trigger>();
    expect(trigger.signal).toBe('audible');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/triggers/${trigger.id}`,
      headers: { cookie: alice.cookie },
      payload: { signal: 'streaming' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Trigger>().signal).toBe('streaming');
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/triggers/${trigger.id}`,
      headers: { cookie: alice.cookie },
      payload: { signal: 'radio' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.signal).toMatch(/Invalid enum value/);
  });

  it('takes type streaming on /api/v1 and filters by it', async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { cookie: alice.cookie },
      payload: { name: 'k' },
    });
    const headers = { 'x-api-key': key.json<{ key: string }>().key };
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/triggers',
      headers,
      payload: {
        name: 'Streamed',
        type: 'streaming',
        frequencyPattern: freshPattern(),
        duration: 2000,
        actionType: 'url',
        actionPayload: 'https://example.com/s',
        active: false,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.type).toBe('streaming');
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/triggers?type=streaming', headers });
    expect(
      listed
        .json<{ data: { name: string }[] }>()
        .data.map((d) => d.name)
        .sort(),
    ).toEqual(['Jingle', 'Podcast', 'Streamed']);
  });
});
