import type { ClientMessage, ServerMessage } from '@tonemark/shared';
import { type ReconnectPolicy, retryDelay, SPEC_RECONNECT_POLICY } from './reconnect-policy';
import type { ServerMessageCheck } from './server-message-validator';

/** The part of the browser WebSocket the client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(): void;
}

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'closed';

export interface RealtimeClientOptions {
  url: string;
  createSocket: (url: string) => SocketLike;
  policy?: ReconnectPolicy;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  logger?: Pick<Console, 'warn' | 'error'>;
  /** The message check; by default loaded with the first connection, so zod is not in a page's first load. */
  check?: (json: unknown) => ServerMessageCheck;
}

const OPEN = 1;
const MAX_PENDING = 100;

type MessageListener = (message: ServerMessage) => void;
type StatusListener = (status: RealtimeStatus) => void;

/**
 * One live connection to /ws with SPEC §4's policy: on close retry up to 5 times with a doubling
 * delay, reset the counter on a successful open, reconnect at once when the tab becomes visible
 * while disconnected, and drop (with a warning) anything sent while not connected.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private retries = 0;
  private timer: unknown = null;
  private stopped = true;
  private currentStatus: RealtimeStatus = 'idle';
  private readonly messageListeners = new Set<MessageListener>();
  private readonly statusListeners = new Set<StatusListener>();
  private readonly policy: ReconnectPolicy;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly logger: Pick<Console, 'warn' | 'error'>;
  private check: ((json: unknown) => ServerMessageCheck) | null;
  private checkLoading: Promise<void> | null = null;
  /** Messages that arrived before the check loaded, delivered in order once it has. */
  private readonly pending: unknown[] = [];

  constructor(private readonly options: RealtimeClientOptions) {
    this.policy = options.policy ?? SPEC_RECONNECT_POLICY;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer =
      options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.logger = options.logger ?? console;
    this.check = options.check ?? null;
  }

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  connect(): void {
    this.stopped = false;
    this.loadCheck();
    if (this.socket) return;
    this.cancelTimer();
    this.open();
  }

  disconnect(): void {
    this.stopped = true;
    this.cancelTimer();
    this.dropSocket();
    this.setStatus('closed');
  }

  /** A fresh connection (e.g. after sign-in, so the server sees the new session cookie). */
  restart(): void {
    this.dropSocket();
    this.retries = 0;
    this.connect();
  }

  /** Called when the tab becomes visible: reconnect now if the connection is down. */
  resume(): void {
    if (this.stopped || this.socket) return;
    this.retries = 0;
    this.cancelTimer();
    this.open();
  }

  send(message: ClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) {
      this.logger.warn(`[realtime] not connected; dropped ${message.type}`);
      return false;
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  subscribe(listener: MessageListener): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private open(): void {
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch (error) {
      this.logger.error('[realtime] could not open the connection', error);
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      this.retries = 0;
      this.setStatus('open');
    };
    socket.onmessage = (event) => this.receive(event.data);
    // The close that follows an error does the retrying; the error itself is only worth a log line.
    socket.onerror = () => this.logger.warn('[realtime] connection error');
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleRetry();
    };
  }

  private receive(data: unknown): void {
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      this.logger.error('[realtime] ignored a message that is not JSON');
      return;
    }
    if (!this.check) {
      if (this.pending.length < MAX_PENDING) this.pending.push(json);
      else this.logger.warn('[realtime] dropped a message while the message check loads');
      this.loadCheck();
      return;
    }
    this.deliver(json, this.check);
  }

  private deliver(json: unknown, check: (json: unknown) => ServerMessageCheck): void {
    const parsed = check(json);
    if (!parsed.success) {
      this.logger.error('[realtime] ignored a malformed message', parsed.issues);
      return;
    }
    for (const listener of this.messageListeners) listener(parsed.data);
  }

  private loadCheck(): void {
    if (this.check || this.checkLoading) return;
    this.checkLoading = import('./server-message-validator').then(
      ({ checkServerMessage }) => {
        this.check = checkServerMessage;
        for (const json of this.pending.splice(0)) this.deliver(json, checkServerMessage);
      },
      (error: unknown) => {
        // A chunk that failed to load (offline before it was cached) is tried again on the next message.
        this.checkLoading = null;
        this.logger.error('[realtime] could not load the message check', error);
      },
    );
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    const delay = retryDelay(this.retries, this.policy);
    if (delay === null) {
      this.setStatus('closed');
      return;
    }
    this.retries += 1;
    this.setStatus('waiting');
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.open();
    }, delay);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onclose = null;
    socket.onerror = null;
    socket.onmessage = null;
    socket.close();
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
