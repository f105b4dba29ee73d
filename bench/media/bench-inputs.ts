import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { lastErrorLine, runToolForText } from '@tonemark/ffmpeg';

export interface BenchInput {
  label: string;
  path: string;
  args: string[];
}

const SECONDS = 600;

/** The two inputs of issue 5's benchmark: 10 minutes of 720p MP4 and 10 minutes of MP3. */
export function benchInputs(outDir: string): BenchInput[] {
  const noisyTone = `sine=frequency=330:sample_rate=48000:duration=${SECONDS}`;
  return [
    {
      label: '10-min 720p MP4',
      path: path.join(outDir, 'media-bench-720p-10min.mp4'),
      args: [
        ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${SECONDS}`],
        ...['-f', 'lavfi', '-i', noisyTone],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32', '-g', '50', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
      ],
    },
    {
      label: '10-min MP3',
      path: path.join(outDir, 'media-bench-10min.mp3'),
      args: [
        ...['-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=44100:duration=${SECONDS}`],
        ...['-c:a', 'libmp3lame', '-b:a', '192k', '-ac', '2'],
      ],
    },
  ];
}

/** Generates the inputs once (bench/out is gitignored); later runs reuse them. */
export async function ensureBenchInputs(outDir: string): Promise<BenchInput[]> {
  mkdirSync(outDir, { recursive: true });
  const inputs = benchInputs(outDir);
  for (const input of inputs) {
    if (existsSync(input.path)) continue;
    console.log(`generating ${input.label} -> ${path.relative(process.cwd(), input.path)} (once)`);
    const partial = input.path.replace(/(\.\w+)$/, '.partial$1');
    const { code, stderr } = await runToolForText('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...input.args,
      partial,
    ]);
    if (code !== 0) throw new Error(`could not generate ${input.label}: ${lastErrorLine(stderr)}`);
    renameSync(partial, input.path);
  }
  return inputs;
}
