import type {
  Catalogue,
  DetectionQuality,
  DetectionResult,
  DetectorKind,
  ListenerDeviceType,
  RefusedDetection,
  ResolvedTrigger,
} from './types.js';
import {
  DETECTOR_PROCESSOR,
  type FromWorklet,
  type ToWorklet,
  type WorkletTrigger,
} from './worklet-messages.js';
import { detectorWorkletUrl } from './worklet-source.js';

export interface ListenerOptions {
  /** The Tonemark server's origin; the page's own origin by default. */
  baseUrl?: string;
  /** A detection the server resolved: run `action` (open its link, show its reward, …). */
  onTrigger: (trigger: ResolvedTrigger) => void;
  /** A detection the server refused (too soon after the last one, unknown, limits). */
  onRefused?: (detection: RefusedDetection) => void;
  /** Something went wrong while listening (network, catalogue, audio). Listening goes on where it can. */
  onError?: (error: Error) => void;
  /** The product default, 'dual', unless you know why not (docs/decisions/detector-default.md). */
  detector?: DetectorKind;
  deviceType?: ListenerDeviceType;
  /** How often the trigger catalogue is re-read while listening, ms (0: never). Default 30 s. */
  catalogueRefreshMs?: number;
  /**
   * Listen for these triggers only (their public ids, `tml_…`, at most 100), as a listening link
   * does: fewer triggers listened for let weaker, farther plays through. Every active trigger on
   * the server by default.
   */
  triggers?: readonly string[];
}

export interface Listener {
  /** Asks for the microphone (call it from a click), loads the catalogue and starts detecting. */
  start(): Promise<void>;
  /** Releases the microphone. start() may be called again. */
  stop(): Promise<void>;
  readonly listening: boolean;
  /** How many triggers the detector listens for. */
  readonly triggerCount: number;
}

/** SPEC §9: at least 2 s between two callbacks of one trigger (3 s for the background service). */
const COOLDOWN_MS: Record<ListenerDeviceType, number> = {
  'Web Listener': 2000,
  'Mobile Simulator': 2000,
  'Native App': 3000,
};

const DEVICE_KEY = 'tonemark.sdk.deviceId';

function deviceId(): string {
  const fresh = () => crypto.randomUUID().replaceAll('-', '');
  try {
    const stored = localStorage.getItem(DEVICE_KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
    const made = fresh();
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return fresh();
  }
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

const toWorkletTriggers = (catalogue: Catalogue): WorkletTrigger[] =>
  catalogue.triggers.map((entry) => ({
    id: entry.publicTriggerId,
    frequencyPattern: entry.frequencyPattern,
    durationMs: entry.durationMs,
    signal: entry.signal as WorkletTrigger['signal'],
  }));

/**
 * A microphone listener for web pages: the project's detector runs in an AudioWorklet against the
 * public catalogue (patterns only), and every detection is resolved by the server
 * (POST /api/listener/detections), which answers with the trigger's action.
 */
export function createListener(options: ListenerOptions): Listener {
  const base = (options.baseUrl ?? (typeof location === 'undefined' ? '' : location.origin)).replace(
    /\/+$/,
    '',
  );
  const deviceType = options.deviceType ?? 'Web Listener';
  const report = (error: unknown) => options.onError?.(asError(error));
  let session: {
    context: AudioContext;
    stream: MediaStream;
    node: AudioWorkletNode;
    timer: ReturnType<typeof setInterval> | null;
  } | null = null;
  let catalogue: Catalogue | null = null;

  const scope = options.triggers ? `?triggers=${options.triggers.map(encodeURIComponent).join(',')}` : '';

  async function loadCatalogue(): Promise<Catalogue> {
    const response = await fetch(`${base}/api/listener/catalogue${scope}`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`The trigger catalogue answered ${response.status}`);
    return (await response.json()) as Catalogue;
  }

  async function resolve(publicTriggerId: string, quality: DetectionQuality): Promise<void> {
    const now = new Date();
    const detection = {
      activationId: crypto.randomUUID(),
      publicTriggerId,
      detectedAt: now.toISOString(),
      deviceId: deviceId(),
      ...audienceTraits(now),
      deviceType,
      osVersion: (typeof navigator === 'undefined' ? 'Web' : navigator.userAgent || 'Web').slice(0, 300),
      ...quality,
      score: Math.min(1, Math.max(0, quality.score)),
    };
    const response = await fetch(`${base}/api/listener/detections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ detections: [detection] }),
    });
    if (!response.ok) throw new Error(`Resolving a detection answered ${response.status}`);
    const { results } = (await response.json()) as { results: DetectionResult[] };
    const result = results[0];
    if (!result) throw new Error('The server gave no answer for the detection');
    const common = {
      activationId: result.activationId,
      publicTriggerId,
      detectedAt: detection.detectedAt,
      quality,
    };
    if (result.status === 'accepted') options.onTrigger({ ...common, action: result.action });
    else options.onRefused?.({ ...common, reason: result.reason, message: result.message });
  }

  function onWorkletMessage(event: MessageEvent<FromWorklet>): void {
    const message = event.data;
    if (message.type === 'error') {
      report(new Error(`Detector: ${message.message}`));
      return;
    }
    const quality: DetectionQuality = {
      score: message.score,
      ...(message.snrDb !== undefined ? { snrDb: message.snrDb } : {}),
      ...(message.speed !== undefined ? { speed: message.speed } : {}),
      ...(message.tempo !== undefined ? { tempo: message.tempo } : {}),
    };
    resolve(message.triggerId, quality).catch(report);
  }

  async function refresh(node: AudioWorkletNode): Promise<void> {
    const next = await loadCatalogue();
    if (next.version === catalogue?.version) return;
    catalogue = next;
    const update: ToWorklet = { type: 'triggers', triggers: toWorkletTriggers(next) };
    node.port.postMessage(update);
  }

  return {
    get listening() {
      return session !== null;
    },
    get triggerCount() {
      return catalogue?.triggers.length ?? 0;
    },
    async start() {
      if (session) return;
      catalogue = await loadCatalogue();
      // The browser's speech processing treats steady tones as noise or echo: all of it off.
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      });
      // No sampleRate: the context runs at the device's rate, so nothing resamples the microphone.
      const context = new AudioContext();
      try {
        await context.audioWorklet.addModule(detectorWorkletUrl());
        const node = new AudioWorkletNode(context, DETECTOR_PROCESSOR, {
          numberOfInputs: 1,
          numberOfOutputs: 1,
          processorOptions: {
            kind: options.detector ?? 'dual',
            triggers: toWorkletTriggers(catalogue),
            cooldownMs: COOLDOWN_MS[deviceType],
          },
        });
        node.port.onmessage = onWorkletMessage;
        // A silent path to the destination keeps the graph pulled in every browser.
        const mute = context.createGain();
        mute.gain.value = 0;
        context.createMediaStreamSource(stream).connect(node).connect(mute).connect(context.destination);
        if (context.state === 'suspended') await context.resume();
        const every = options.catalogueRefreshMs ?? 30_000;
        const timer = every > 0 ? setInterval(() => refresh(node).catch(report), every) : null;
        session = { context, stream, node, timer };
      } catch (error) {
        for (const track of stream.getTracks()) track.stop();
        await context.close();
        throw error;
      }
    },
    async stop() {
      const current = session;
      session = null;
      if (!current) return;
      if (current.timer) clearInterval(current.timer);
      current.node.port.onmessage = null;
      for (const track of current.stream.getTracks()) track.stop();
      if (current.context.state !== 'closed') await current.context.close();
    },
  };
}

/**
 * What the server's audience segments match on besides the user agent: the browser's language
 * (only when it is a plain language tag) and its offset from UTC, for the listener's local time.
 */
function audienceTraits(at: Date): { language?: string; utcOffsetMinutes: number } {
  const language = typeof navigator === 'undefined' ? undefined : navigator.language;
  return {
    ...(language && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/.test(language) ? { language } : {}),
    utcOffsetMinutes: -at.getTimezoneOffset(),
  };
}
