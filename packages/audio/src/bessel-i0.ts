/**
 * Modified Bessel function of the first kind, order zero, by its power series. The Kaiser windows
 * of the resampler and the FIR decimator both need it; the series converges fast for the betas
 * they use (under 20), so 50 terms is a bound never reached.
 */
export function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const q = (x * x) / 4;
  for (let k = 1; k < 50 && term > sum * 1e-17; k++) {
    term *= q / (k * k);
    sum += term;
  }
  return sum;
}
