import autocannon from 'autocannon';

/** Mean requests per second of `url` under 10 connections for `seconds`. */
export async function requestsPerSecond(url: string, seconds: number, cookie?: string): Promise<number> {
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    headers: cookie ? { cookie } : {},
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}
