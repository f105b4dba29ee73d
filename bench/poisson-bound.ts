/**
 * Upper bound of a Poisson rate at `confidence` after `events` in `hours` (exact, by bisection on
 * the Poisson CDF): with 0 events in 1 h it is 3.0 per hour at 95 %.
 */
export function poissonUpperPerHour(events: number, hours: number, confidence = 0.95): number {
  const cdf = (mean: number) => {
    let term = Math.exp(-mean);
    let sum = term;
    for (let k = 1; k <= events; k++) {
      term *= mean / k;
      sum += term;
    }
    return sum;
  };
  let lo = 0;
  let hi = events + 10 + 10 * Math.sqrt(events + 1);
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (cdf(mid) > 1 - confidence) lo = mid;
    else hi = mid;
  }
  return hi / hours;
}
