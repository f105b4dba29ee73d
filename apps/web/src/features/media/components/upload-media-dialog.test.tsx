import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaFile } from '@/test/media-file';
import { renderWithClient, stubFetch } from '@/test/render-with-client';
import { UploadMediaDialog } from './upload-media-dialog';

const uploaded = mediaFile();

/** What the fake server answers the upload with, and what it received. */
let answer: { status: number; body: unknown };
let sent: { method: string; path: string; form: FormData }[];

/** Only XHR reports upload progress, so the dialog posts with it; this one answers at once. */
class FakeXhr {
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private path = '';
  open(method: string, path: string) {
    this.method = method;
    this.path = path;
  }
  setRequestHeader() {}
  send(form: FormData) {
    sent.push({ method: this.method, path: this.path, form });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = answer.status;
      this.statusText = answer.status === 200 ? 'OK' : 'Refused';
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  sent = [];
  answer = { status: 201, body: uploaded };
  stubFetch();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  const onUploaded = vi.fn();
  renderWithClient(<UploadMediaDialog onUploaded={onUploaded} />);
  await user.click(screen.getByRole('button', { name: 'Upload Media' }));
  return { user, onUploaded };
}

const mp3 = () => new File([new Uint8Array(2048)], 'summer-jingle.mp3', { type: 'audio/mpeg' });

describe('upload media dialog', () => {
  it('asks for a file before sending anything', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByTestId('upload-error')).toHaveTextContent('Please select a file to upload');
    expect(sent).toEqual([]);
  });

  it('shows the chosen file, prefills the title and sends file, title and description', async () => {
    const { user, onUploaded } = await openDialog();
    await user.upload(screen.getByLabelText('Media file'), mp3());
    expect(screen.getByText('summer-jingle.mp3')).toBeInTheDocument();
    expect(screen.getByText('2.0 KB')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('summer-jingle');
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Summer jingle');
    await user.type(screen.getByLabelText('Description (optional)'), 'Radio spot');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(uploaded));
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/media/upload']);
    const form = sent[0]?.form;
    expect(form?.get('title')).toBe('Summer jingle');
    expect(form?.get('description')).toBe('Radio spot');
    const file = form?.get('mediaFile');
    expect(file instanceof File ? file.name : file).toBe('summer-jingle.mp3');
    expect(screen.getByText('Upload complete')).toBeInTheDocument();
    expect(await screen.findByText('Upload Successful')).toBeInTheDocument();
  });

  it.each([
    [413, 'The file is too large: the limit is 100 MB'],
    [400, 'The file is not a readable audio or video file (MP3, WAV, MP4, WEBM up to 100MB)'],
  ])('shows the server refusal (%i) in the dialog and keeps it open', async (status, message) => {
    answer = {
      status,
      body: { error: message, code: status === 413 ? 'FILE_TOO_LARGE' : 'MEDIA_UNSUPPORTED' },
    };
    const { user, onUploaded } = await openDialog();
    await user.upload(screen.getByLabelText('Media file'), mp3());
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByTestId('upload-error')).toHaveTextContent(message);
    expect(screen.getByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('falls back to the SPEC text when the server gives no usable reason', async () => {
    answer = { status: 500, body: { error: 'Internal Server Error' } };
    const { user } = await openDialog();
    await user.upload(screen.getByLabelText('Media file'), mp3());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByTestId('upload-error')).toHaveTextContent(
      'An error occurred during file upload',
    );
  });
});
