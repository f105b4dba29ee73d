import { MEDIA_MESSAGES, type MediaFile } from '@tonemark/shared';
import { Upload } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { SubmitButton } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { OwnerSelect } from '@/features/teams';
import { toast } from '@/hooks/use-toast';
import { useUploadMedia } from '../api/upload-media';
import { useMediaDetails } from '../hooks/use-media-details';
import { mediaErrorText } from '../lib/media-errors';
import { MEDIA_FAILURE_TEXTS } from '../lib/media-failure-texts';
import { titleFromFileName } from '../lib/media-title';
import { FormError } from './form-error';
import { MediaFileField } from './media-file-field';
import { MediaTitleFields } from './media-title-fields';

/** SPEC §4: the dialog closes and resets 1 second after the upload completes. */
const CLOSE_AFTER_MS = 1000;

/** SPEC §2.15 Upload Media dialog with the browser's real upload progress (XHR). */
export function UploadMediaDialog({ onUploaded }: { onUploaded: (file: MediaFile) => void }) {
  const id = useId();
  const upload = useUploadMedia();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const details = useMediaDetails();
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  function reset() {
    setFile(null);
    details.clearText();
    setProgress(0);
    setError(null);
    setDone(false);
    upload.reset();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only reads setters and a stable mutation
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      setOpen(false);
      reset();
    }, CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done]);

  function chooseFile(next: File | null) {
    setFile(next);
    // Prefill the title from the name, as the wizard does, unless the person typed one.
    if (next && details.title.trim() === '') details.setTitle(titleFromFileName(next.name));
  }

  function submit() {
    if (!file) {
      setError(MEDIA_MESSAGES.selectFileToUpload);
      return;
    }
    setError(null);
    setProgress(0);
    upload.mutate(
      {
        file,
        ...details.request(),
        onProgress: setProgress,
      },
      {
        onSuccess: (media) => {
          setProgress(100);
          setDone(true);
          toast({ title: MEDIA_FAILURE_TEXTS.uploadSuccessful, description: media.title });
          onUploaded(media);
        },
        onError: (failure) => {
          setError(mediaErrorText(failure, MEDIA_FAILURE_TEXTS.uploadFailedText));
          toast({
            title: MEDIA_FAILURE_TEXTS.uploadFailedTitle,
            description: MEDIA_FAILURE_TEXTS.uploadFailedText,
            variant: 'destructive',
          });
        },
      },
    );
  }

  const busy = upload.isPending || done;
  // Bytes can all be sent while the server still probes and stores the file.
  const status = done
    ? 'Upload complete'
    : progress >= 100
      ? 'Processing...'
      : `Uploading… ${Math.round(progress)}%`;

  return (
    <FormDialog
      form={{
        state: {
          open,
          onOpenChange: (next) => {
            // An upload in flight keeps the dialog open; closing it would hide the outcome.
            if (upload.isPending) return;
            setOpen(next);
            if (!next) reset();
          },
        },
        title: 'Upload Media',
        submit,
        testId: 'upload-media-form',
      }}
      trigger={
        <Button>
          <Upload /> Upload Media
        </Button>
      }
      description="Add an audio or video file to your library."
      footer={
        <SubmitButton pending={upload.isPending} disabled={done} pendingLabel="Processing...">
          Upload
        </SubmitButton>
      }
    >
      <MediaFileField file={file} onChange={chooseFile} disabled={busy} />
      <OwnerSelect value={details.teamId} onChange={details.setTeamId} />
      <MediaTitleFields id={id} disabled={busy} {...details.fields} />
      {upload.isPending || done ? (
        <div className="grid gap-1.5">
          <Progress value={progress} label="Upload progress" />
          <p className="text-xs text-slate-500" aria-live="polite">
            {status}
          </p>
        </div>
      ) : null}
      <FormError message={error} testId="upload-error" />
    </FormDialog>
  );
}
