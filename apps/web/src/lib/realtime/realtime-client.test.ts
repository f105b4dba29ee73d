import { describe, expect, it, vi } from 'vitest';
import { RealtimeClient, type SocketLike } from './realtime-client';
import { realtimeUrl, retryDelay } from './reconnect-policy';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverCloses() {
    this.readyState = 3;
    this.onclose?.(new Event('close') as CloseEvent);
  }
  serverSends(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const logger = { warn: vi.fn(), error: vi.fn() };
  const client = new RealtimeClient({
    url: 'ws://host/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cancelled: boolean }).cancelled = true;
    },
    logger,
  });
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  const fireTimer = () => {
    const timer = timers[timers.length - 1];
    if (!timer || timer.cancelled) throw new Error('no pending timer');
    timer.run();
  };
  return { client, sockets, timers, logger, last, fireTimer };
}

describe('retryDelay', () => {
  it('doubles from 1000 ms, caps at 30000 ms and stops after 5 retries', () => {
    expect([0, 1, 2, 3, 4].map((n) => retryDelay(n))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(retryDelay(5)).toBeNull();
    expect(retryDelay(6, { maxRetries: 10, baseDelayMs: 1000, maxDelayMs: 30000 })).toBe(30000);
  });

  it('builds the same-host URL, secure when the page is', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'a.example:8443' })).toBe('wss://a.example:8443/ws');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5000' })).toBe('ws://localhost:5000/ws');
  });
});

describe('RealtimeClient', () => {
  it('retries 5 times with a doubling delay, then gives up', () => {
    const { client, sockets, timers, last, fireTimer } = setup();
    client.connect();
    for (let i = 0; i < 5; i++) {
      last().serverCloses();
      fireTimer();
    }
    last().serverCloses();
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(sockets).toHaveLength(6);
    expect(client.status).toBe('closed');
  });

  it('resets the retry counter after a successful open', () => {
    const { client, timers, last, fireTimer } = setup();
    client.connect();
    last().serverCloses();
    fireTimer();
    last().serverCloses();
    fireTimer();
    last().serverOpens();
    expect(client.status).toBe('open');
    last().serverCloses();
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000, 1000]);
  });

  it('reconnects at once when the tab becomes visible while disconnected', () => {
    const { client, sockets, timers, last } = setup();
    client.connect();
    last().serverOpens();
    client.resume();
    expect(sockets).toHaveLength(1);
    last().serverCloses();
    client.resume();
    expect(sockets).toHaveLength(2);
    expect(timers[0]?.cancelled).toBe(true);
  });

  it('drops sends while not connected with a warning', () => {
    const { client, last, logger } = setup();
    client.connect();
    expect(client.send({ type: 'PING' })).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('dropped PING'));
    last().serverOpens();
    expect(client.send({ type: 'PING' })).toBe(true);
    expect(last().sent).toEqual(['{"type":"PING"}']);
  });

  it('delivers parsed messages in order and logs and ignores malformed ones', async () => {
    const { client, last, logger } = setup();
    const received: unknown[] = [];
    client.subscribe((message) => received.push(message));
    client.connect();
    last().serverOpens();
    last().serverSends('not json');
    last().serverSends('{"type":"SIMULATE_TRIGGER"}');
    last().serverSends('{"type":"PONG"}');
    last().serverSends('{"type":"CATALOGUE_CHANGED","version":"v2"}');
    // The message check loads with the first connection; what arrived meanwhile waits for it.
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received).toEqual([{ type: 'PONG' }, { type: 'CATALOGUE_CHANGED', version: 'v2' }]);
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it('does not retry after disconnect', () => {
    const { client, sockets, timers } = setup();
    client.connect();
    client.disconnect();
    expect(sockets[0]?.readyState).toBe(3);
    expect(timers).toHaveLength(0);
    expect(client.status).toBe('closed');
  });
});
