let next = 0;

/**
 * A pattern no other call in this test process returns. Another account's exact pattern is
 * refused (409), so tests that make triggers for several accounts give each its own.
 */
export function freshPattern(): number[] {
  next += 1;
  const n = next;
  // Four slider positions (500–2000 Hz in 50 Hz steps) read off the counter in base 31.
  return [0, 1, 2, 3].map((slot) => 500 + (Math.floor(n / 31 ** slot) % 31) * 50);
}
