import { isHttpUrl, isYouTubeUrl, MEDIA_MESSAGES, type MediaFile } from '@tonemark/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { OwnerSelect } from '@/features/teams';
import { useImportMedia } from '../api/import-media';
import { useUploadMedia } from '../api/upload-media';
import { useMediaDetails } from '../hooks/use-media-details';
import { WIZARD_FAILURE_TEXTS } from '../lib/flow-progress';
import { mediaErrorText } from '../lib/media-errors';
import { titleFromFileName, titleFromUrl } from '../lib/media-title';
import { MediaFileField } from './media-file-field';
import { type MediaSource, MediaSourceTabs } from './media-source-tabs';
import { MediaTitleFields } from './media-title-fields';
import { MediaUrlField } from './media-url-field';

/**
 * Wizard step 1: a file (POST /api/media/upload) or a URL (POST /api/media/import). The owner
 * chosen here is the whole wizard's: the trigger it creates next goes to the media's owner, and
 * the embedded file follows its source.
 */
export function WizardUploadStep({
  onUploaded,
  onFailed,
}: {
  onUploaded: (media: MediaFile) => void;
  onFailed: (message: string) => void;
}) {
  const id = useId();
  const upload = useUploadMedia();
  const importUrl = useImportMedia();
  const [tab, setTab] = useState<MediaSource>('file');
  const [file, setFile] = useState<File | null>(null);
  const [mediaUrl, setMediaUrl] = useState('');
  const details = useMediaDetails();
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const processing = upload.isPending || importUrl.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const url = mediaUrl.trim();
    const useFile = tab === 'file' && file !== null;
    // SPEC §5: a file, or a URL that is a real http(s) address.
    if (!useFile && !(tab === 'url' && isHttpUrl(url))) {
      setError(MEDIA_MESSAGES.fileOrUrl);
      return;
    }
    if (!useFile && isYouTubeUrl(url)) {
      setError(MEDIA_MESSAGES.youtubeUnsupported);
      return;
    }
    setError(null);
    const callbacks = {
      onSuccess: onUploaded,
      onError: (failure: unknown) => onFailed(mediaErrorText(failure, WIZARD_FAILURE_TEXTS.uploadFailed)),
    };
    const text = details.request();
    if (useFile && file) upload.mutate({ file, ...text, onProgress: setProgress }, callbacks);
    else importUrl.mutate({ mediaUrl: url, ...text }, callbacks);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="wizard-upload">
      <MediaSourceTabs
        value={tab}
        onChange={setTab}
        labels={{ url: 'Media URL', file: 'Upload File' }}
        order={['file', 'url']}
        withIcons={false}
        disabled={processing}
        file={
          <MediaFileField
            file={file}
            disabled={processing}
            onChange={(next) => {
              setFile(next);
              if (next) details.setTitle(titleFromFileName(next.name));
            }}
          />
        }
        url={
          <MediaUrlField
            placeholder="https://example.com/video.mp4"
            value={mediaUrl}
            disabled={processing}
            onChange={(value) => {
              setMediaUrl(value);
              details.setTitle(titleFromUrl(value));
            }}
          />
        }
      />
      <div className="max-w-sm">
        <OwnerSelect value={details.teamId} onChange={details.setTeamId} />
      </div>
      <MediaTitleFields id={id} disabled={processing} {...details.fields} />
      {upload.isPending ? <Progress value={progress} label="Upload progress" /> : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={processing}>
          {processing ? 'Processing...' : 'Upload and Continue'}
        </Button>
      </div>
    </form>
  );
}
