import { Upload } from 'lucide-react';
import { useId } from 'react';
import { Label } from '@/components/ui/input';
import { formatBytes } from '../lib/format-media';

export const MEDIA_ACCEPT = 'audio/*,video/*';
export const MEDIA_FORMATS_TEXT = 'MP3, WAV, MP4, WEBM up to 100MB';

/** A file picker limited to audio and video; the server still probes what arrives. */
export function MediaFileField({
  file,
  onChange,
  disabled,
  label = 'Media file',
  audio,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  label?: string;
  /** What the picked file's audio is, e.g. "MP3 128 kb/s", where the browser could read it. */
  audio?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <label
        htmlFor={id}
        className="flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border-2 border-dashed border-slate-200 px-4 py-6 text-center transition hover:border-indigo-300 hover:bg-indigo-50/40 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
      >
        <Upload className="size-6 text-slate-400" />
        <span className="max-w-full truncate text-sm font-medium text-slate-700">
          {file ? file.name : 'Choose an audio or video file'}
        </span>
        <span className="text-xs text-slate-500" data-testid="media-file-details">
          {file ? [formatBytes(file.size), audio].filter(Boolean).join(' · ') : MEDIA_FORMATS_TEXT}
        </span>
        <input
          id={id}
          type="file"
          accept={MEDIA_ACCEPT}
          disabled={disabled}
          className="sr-only"
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
      </label>
    </div>
  );
}
