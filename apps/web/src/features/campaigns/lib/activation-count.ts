const count = new Intl.NumberFormat('en-US');

/** '1 activation', '1,204 activations'. */
export function activationCountLabel(n: number): string {
  return `${count.format(n)} ${n === 1 ? 'activation' : 'activations'}`;
}
