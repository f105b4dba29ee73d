import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const STEPS = [
  'Choose a direct audio or video file: paste its URL or upload it from your device.',
  "Pick a trigger and the second where its tones should start. The trigger's four tones are mixed in at 15% under your media at 85%, so the content still sounds the same.",
  'Video keeps its picture untouched; only the soundtrack is re-encoded with the trigger in it.',
  'Play or download the result. When it plays near a phone running the listener, the trigger fires its action.',
];

/** SPEC §2.13 explainer; numbers follow SPEC §9 (85 % original, 15 % trigger). */
export function HowEmbeddingWorks() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>How Embedding Works</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 text-sm text-slate-600">
          {STEPS.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700">
                {index + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
        <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-500">
          YouTube URLs are not supported: they point to a web page, not a media file. Use a direct file URL
          (ending in .mp3, .wav, .mp4 or .webm) or upload the file.
        </p>
      </CardContent>
    </Card>
  );
}
