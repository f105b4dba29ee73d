import type { RunningServer } from './server-process.ts';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Median wall time of `runs` sequential GETs (after three warm-ups), the body read in full. */
export async function timeGet(url: string, cookie: string, runs: number): Promise<number> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  return median(times);
}

export interface ExportFigures {
  ms: number;
  rows: number;
  rssGrowthMb: number;
}

/** The whole CSV export read as a stream, with the server's peak RSS growth sampled every 25 ms. */
export async function timeExport(server: RunningServer, cookie: string): Promise<ExportFigures> {
  const before = server.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, 25);
  const started = performance.now();
  let newlines = 0;
  try {
    const response = await fetch(`${server.url}/api/activations?format=csv`, { headers: { cookie } });
    if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
    for await (const chunk of response.body) {
      for (const byte of chunk as Uint8Array) if (byte === 10) newlines++;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, server.rss());
  return { ms: performance.now() - started, rows: newlines - 1, rssGrowthMb: (peak - before) / 2 ** 20 };
}
