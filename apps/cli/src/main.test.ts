import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from './cli-io.ts';
import { main } from './main.ts';

let dir: string;
const at = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tonemark-cli-'));
  await writeFile(
    at('triggers.json'),
    JSON.stringify([{ id: 'a', frequencyPattern: [1000, 1200, 1500, 1800] }]),
  );
  await writeFile(at('notes.mp3'), 'definitely not audio\n'.repeat(40));
  await writeFile(at('broken.wav'), new Uint8Array([82, 73, 70, 70, 1, 2, 3]));
  await writeFile(at('bad-triggers.json'), JSON.stringify([{ id: 'a', frequencyPattern: 'loud' }]));
  await writeFile(at('not-json.json'), '{ nope');
  await writeFile(
    at('dupes.json'),
    JSON.stringify([1, 1].map((id) => ({ id, frequencyPattern: [500, 600] }))),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  const io = memoryIo();
  const code = await main(argv, io);
  return { code, stdout: io.stdout.join('\n'), stderr: io.stderr };
}

describe('tonemark with bad input', () => {
  // Each case: arguments, and a fragment of the one-line message on stderr.
  const cases: [string, () => string[], RegExp][] = [
    ['no command', () => [], /Usage: tonemark/],
    ['unknown command', () => ['mix'], /unknown command 'mix'/],
    [
      'unknown option',
      () => ['synth', '--freqs', '1000,1200', '--volume', '3', '-o', at('x.wav')],
      /unknown option --volume/,
    ],
    ['missing --freqs', () => ['synth', '-o', at('x.wav')], /--freqs is required/],
    ['missing output', () => ['synth', '--freqs', '1000,1200'], /-o\/--output is required/],
    [
      'non-numeric frequency',
      () => ['synth', '--freqs', '1000,abc', '-o', at('x.wav')],
      /'abc' is not a number/,
    ],
    ['one frequency', () => ['synth', '--freqs', '1000', '-o', at('x.wav')], /give 2 to 8 frequencies/],
    [
      'bad signal',
      () => ['synth', '--freqs', '1000,1200', '--signal', 'loud', '-o', at('x.wav')],
      /'loud' is not one of/,
    ],
    [
      'bad rate',
      () => ['synth', '--freqs', '1000,1200', '--rate', '44.1', '-o', at('x.wav')],
      /whole number/,
    ],
    [
      'ultrasonic at 22 kHz',
      () => ['synth', '--freqs', '1000,1200', '--rate', '22050', '--signal', 'ultrasonic', '-o', at('x.wav')],
      /needs --rate 44100/,
    ],
    ['option without value', () => ['synth', '--freqs'], /--freqs needs a value/],
    ['stray positional', () => ['detect', 'file.mp3'], /unexpected argument file.mp3/],
    [
      'missing media',
      () => ['detect', '--in', at('gone.mp4'), '--triggers', at('triggers.json')],
      /file not found/,
    ],
    [
      'non-media file',
      () => ['detect', '--in', at('notes.mp3'), '--triggers', at('triggers.json')],
      /not a readable media file/,
    ],
    [
      'corrupt wav',
      () => ['detect', '--in', at('broken.wav'), '--triggers', at('triggers.json')],
      /not a readable media file/,
    ],
    [
      'missing triggers file',
      () => ['detect', '--in', at('notes.mp3'), '--triggers', at('nope.json')],
      /triggers file not found/,
    ],
    [
      'triggers not JSON',
      () => ['detect', '--in', at('notes.mp3'), '--triggers', at('not-json.json')],
      /is not valid JSON/,
    ],
    [
      'triggers wrong shape',
      () => ['detect', '--in', at('notes.mp3'), '--triggers', at('bad-triggers.json')],
      /at \[0\]\.frequencyPattern: Expected array/,
    ],
    [
      'duplicate trigger ids',
      () => ['detect', '--in', at('notes.mp3'), '--triggers', at('dupes.json')],
      /duplicate id 1/,
    ],
    [
      'bad detector',
      () => ['detect', '--in', at('notes.mp3'), '--triggers', at('triggers.json'), '--detector', 'fast'],
      /'fast' is not one of coherent, robust, dual, spec/,
    ],
    [
      'embed without --at',
      () => ['embed', '--in', at('notes.mp3'), '--freqs', '1000,1200'],
      /--at is required/,
    ],
    [
      'embed into unknown container',
      () => ['embed', '--in', at('notes.mp3'), '--freqs', '1000,1200', '--at', '1', '-o', at('out.xyz')],
      /cannot write .xyz files/,
    ],
    [
      'embed over its input',
      () => ['embed', '--in', at('notes.mp3'), '--freqs', '1000,1200', '--at', '1', '-o', at('notes.mp3')],
      /must differ from the input/,
    ],
    [
      'embed a non-media file',
      () => ['embed', '--in', at('notes.mp3'), '--freqs', '1000,1200', '--at', '1'],
      /not a readable media file/,
    ],
  ];

  it.each(cases)('%s: exit 2 and one line on stderr', async (_name, argv, message) => {
    const { code, stdout, stderr } = await run(...argv());
    expect(code).toBe(2);
    expect(stdout).toBe('');
    const text = stderr.join('\n');
    expect(text).toMatch(message);
    if (argv().length > 0) {
      expect(stderr).toHaveLength(1);
      expect(text).not.toMatch(/\n|\s+at \S+ \(/);
    }
  });
});

describe('help', () => {
  it.each(['synth', 'embed', 'detect'])('%s --help prints usage and exits 0', async (command) => {
    const { code, stdout, stderr } = await run(command, '--help');
    expect(code).toBe(0);
    expect(stdout).toContain(`Usage: tonemark ${command}`);
    expect(stderr).toEqual([]);
  });

  it('top-level --help lists the commands', async () => {
    const { code, stdout } = await run('--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/synth[\s\S]*embed[\s\S]*detect/);
  });
});
