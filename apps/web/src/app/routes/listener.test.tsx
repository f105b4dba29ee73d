import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Detection, Detector } from '@tonemark/audio';
import type { Catalogue, DetectionInput, DetectionResult } from '@tonemark/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MicrophoneCapture } from '@/features/listener/lib/microphone-capture';
import { RealtimeProvider } from '@/lib/realtime/realtime-provider';
import { type FakeAnswer, renderWithClient, stubFetch } from '@/test/render-with-client';
import { ListenerRoute } from './listener';

// The browser's microphone and the tone engine are the two things a DOM cannot give: the test
// holds the microphone's answer and says when the engine hears a trigger.
const microphone = vi.hoisted(() => ({
  open: vi.fn<(onBlock: (block: Float32Array) => void) => Promise<MicrophoneCapture>>(),
  heard: [] as Detection[],
}));
vi.mock('@/features/listener/lib/microphone-capture', () => ({ openMicrophone: microphone.open }));
vi.mock('@tonemark/audio', async (original) => ({
  ...(await original<typeof import('@tonemark/audio')>()),
  createDetector: (): Detector => ({
    kind: 'robust',
    push: () => microphone.heard.splice(0),
    reset: () => {},
    setTriggers: () => {},
  }),
}));

const PUBLIC_ID = `tml_${'a'.repeat(32)}`;
const catalogue: Catalogue = {
  version: 'v1',
  generatedAt: '2026-01-01T00:00:00.000Z',
  triggers: [
    {
      publicTriggerId: PUBLIC_ID,
      frequencyPattern: [1000, 1200, 1500, 1800],
      durationMs: 800,
      signal: 'audible',
      publicAction: null,
    },
  ],
};

/** A capture that streams no sound; `push` feeds one block, as the worklet would. */
function fakeCapture(onBlock: (block: Float32Array) => void) {
  const capture = {
    sampleRate: 48_000,
    analyser: { frequencyBinCount: 32, getByteFrequencyData: () => {} } as unknown as AnalyserNode,
    stop: vi.fn(async () => {}),
  };
  return { capture, push: () => onBlock(new Float32Array(2048)) };
}

/** A socket that never opens: the listener must work without the realtime channel. */
class ClosedSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send() {}
  close() {}
}

let catalogueAnswer: FakeAnswer;
let detectionAnswer: (input: DetectionInput) => DetectionResult;
let sent: DetectionInput[];

beforeEach(() => {
  localStorage.clear();
  sent = [];
  catalogueAnswer = { body: catalogue };
  detectionAnswer = (input) => ({
    activationId: input.activationId,
    status: 'accepted',
    duplicate: false,
    publicTriggerId: input.publicTriggerId,
    action: { name: 'Summer promo', type: 'CUSTOM', action: 'CUSTOM_ACTION', actionData: 'event:summer' },
  });
  stubFetch((method, path, body) => {
    if (path === '/api/listener/catalogue') return catalogueAnswer;
    if (method === 'POST' && path === '/api/listener/detections') {
      const { detections } = body as { detections: DetectionInput[] };
      sent.push(...detections);
      return { body: { results: detections.map((input) => detectionAnswer(input)) } };
    }
    return undefined;
  });
  vi.stubGlobal('WebSocket', ClosedSocket);
  vi.stubGlobal('requestAnimationFrame', () => 0);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  microphone.open.mockReset();
  microphone.heard.length = 0;
  vi.restoreAllMocks();
});

function renderListener() {
  renderWithClient(
    <RealtimeProvider>
      <ListenerRoute />
    </RealtimeProvider>,
  );
  return userEvent.setup({ delay: null });
}

const panel = () => within(screen.getByTestId('listening-panel'));

/** Starts listening with a granted microphone, then lets the engine hear one trigger. */
async function listenAndHear(detection: Detection) {
  let push = () => {};
  microphone.open.mockImplementation(async (onBlock) => {
    const fake = fakeCapture(onBlock);
    push = fake.push;
    return fake.capture;
  });
  const user = renderListener();
  await user.click(panel().getByRole('button', { name: 'Start Listening' }));
  await panel().findByText('Listening for trigger tones...');
  microphone.heard.push(detection);
  push();
}

describe('listener page', () => {
  it('goes idle → starting → listening, and back to idle on Stop', async () => {
    let grant: (capture: MicrophoneCapture) => void = () => {};
    const { capture } = fakeCapture(() => {});
    microphone.open.mockImplementation(() => new Promise((resolve) => (grant = resolve)));
    const user = renderListener();
    expect(panel().getByTestId('listener-status')).toHaveTextContent('Inactive');
    expect(panel().getByText('Press Start Listening and allow the microphone.')).toBeInTheDocument();

    await user.click(panel().getByRole('button', { name: 'Start Listening' }));
    // The microphone prompt is open: the page says so and Start cannot be pressed twice.
    expect(await panel().findByText('Starting the microphone...')).toBeInTheDocument();
    expect(panel().getByRole('button', { name: /Start Listening/ })).toBeDisabled();

    // The page says "Starting" before it asks for the microphone (it loads the catalogue first):
    // grant only once the prompt is really open, or the grant goes nowhere.
    await waitFor(() => expect(microphone.open).toHaveBeenCalledTimes(1));
    grant(capture);
    expect(await panel().findByText('Listening for trigger tones...')).toBeInTheDocument();
    expect(panel().getByTestId('listener-status')).toHaveTextContent('Active');
    expect(panel().getByTestId('listener-trigger-count')).toHaveTextContent('1 active trigger');

    await user.click(panel().getByRole('button', { name: 'Stop Listening' }));
    expect(await panel().findByText('Press Start Listening and allow the microphone.')).toBeInTheDocument();
    expect(panel().getByTestId('listener-status')).toHaveTextContent('Inactive');
    expect(capture.stop).toHaveBeenCalledTimes(1);
  });

  it('lists a heard trigger, sends it, and names it once the server accepts it', async () => {
    await listenAndHear({ triggerId: PUBLIC_ID, timeSec: 1.2, score: 0.9 });
    const row = await screen.findByTestId('detection-row');
    await waitFor(() => expect(row).toHaveTextContent('Summer promo'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ publicTriggerId: PUBLIC_ID, deviceType: 'Web Listener', score: 0.9 });
    expect(await screen.findByText('Trigger Detected')).toBeInTheDocument();
  });

  it('marks a detection the server refuses as not counted, with its reason', async () => {
    detectionAnswer = (input) => ({
      activationId: input.activationId,
      status: 'refused',
      reason: 'too-soon',
      message: 'Heard again too soon on this device',
    });
    await listenAndHear({ triggerId: PUBLIC_ID, timeSec: 1.2, score: 0.9 });

    const row = await screen.findByTestId('detection-row');
    await waitFor(() => expect(row).toHaveTextContent('Not counted: Heard again too soon on this device'));
  });

  it('says why when the microphone is refused, and stays ready to try again', async () => {
    microphone.open.mockRejectedValue(
      Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }),
    );
    const user = renderListener();
    await user.click(panel().getByRole('button', { name: 'Start Listening' }));

    expect(await panel().findByRole('alert')).toHaveTextContent(
      'Could not use the microphone (Permission denied). Allow microphone access for this site and try again.',
    );
    expect(panel().getByTestId('listener-status')).toHaveTextContent('Inactive');
    expect(panel().getByRole('button', { name: 'Start Listening' })).toBeEnabled();
  });

  it('does not open the microphone when the triggers cannot be loaded, or none are active', async () => {
    catalogueAnswer = { status: 500, body: { error: 'Internal Server Error' } };
    const user = renderListener();
    await user.click(panel().getByRole('button', { name: 'Start Listening' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(panel().getByTestId('listener-status')).toHaveTextContent('Inactive');

    catalogueAnswer = { body: { ...catalogue, triggers: [] } };
    await user.click(panel().getByRole('button', { name: 'Start Listening' }));
    expect(await screen.findByText('There are no active triggers to listen for.')).toBeInTheDocument();
    expect(panel().getByRole('button', { name: 'Start Listening' })).toBeEnabled();
    expect(microphone.open).not.toHaveBeenCalled();
  });

  it('opened from a listening link, asks for its triggers only and says so', async () => {
    const { requests } = stubFetch((method, path) =>
      method === 'GET' && path === '/api/listener/catalogue' ? catalogueAnswer : undefined,
    );
    const asked = () => requests.map((r) => `${r.path}${r.search}`);
    window.history.replaceState(null, '', `/listener?triggers=${PUBLIC_ID}&utm_source=poster`);
    try {
      renderListener();
      expect(await panel().findByText('1 active trigger from this listening link')).toBeInTheDocument();
      expect(asked()).toContain(`/api/listener/catalogue?triggers=${PUBLIC_ID}`);
      expect(asked()).not.toContain('/api/listener/catalogue');
      expect(panel().getByRole('link', { name: 'Listen for every trigger instead' })).toHaveAttribute(
        'href',
        '/listener',
      );
      // Kept apart from the whole catalogue's copy, so going offline never swaps one for the other.
      expect(localStorage.getItem(`tonemark.listener.catalogue:${PUBLIC_ID}`)).not.toBeNull();
      expect(localStorage.getItem('tonemark.listener.catalogue')).toBeNull();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('says a listening link the server refuses does not work, and does not listen', async () => {
    catalogueAnswer = {
      status: 400,
      body: {
        error: 'triggers.0: Must be a public trigger id (tml_ and 32 hex digits)',
        code: 'VALIDATION_ERROR',
      },
    };
    window.history.replaceState(null, '', '/listener?triggers=tml_cut');
    try {
      const user = renderListener();
      await user.click(panel().getByRole('button', { name: 'Start Listening' }));
      expect(await screen.findByText('This listening link does not work')).toBeInTheDocument();
      expect(screen.getByText(/Check that the whole link was copied/)).toHaveTextContent(
        'Must be a public trigger id',
      );
      expect(microphone.open).not.toHaveBeenCalled();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('without a link, listens for every trigger and offers no way back', async () => {
    renderListener();
    expect(await panel().findByText('1 active trigger')).toBeInTheDocument();
    expect(panel().queryByRole('link', { name: 'Listen for every trigger instead' })).toBeNull();
  });
});
