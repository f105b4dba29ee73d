import type { ZodType, ZodTypeDef } from 'zod';
import { ApiError, parseErrorBody, toApiError } from '@/lib/api-client';

/**
 * Multipart POST with cookies; the browser sets the boundary, so no Content-Type here. Text
 * fields go before the file so the server can check them while the file streams.
 */
export async function postForm<T>(path: string, form: FormData, schema: ZodType<T, ZodTypeDef, unknown>) {
  const response = await fetch(path, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw await toApiError(response, 'save');
  return schema.parse(await response.json());
}

/** Builds a form with the text fields first and the file last. */
export function mediaForm(
  fields: Record<string, string | number | undefined>,
  file?: { name: string; file: File },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, String(value));
  }
  if (file) form.append(file.name, file.file, file.file.name);
  return form;
}

/**
 * XMLHttpRequest instead of fetch because only XHR reports upload progress (SPEC §4's upload
 * dialog shows real progress here, not the simulated one). Resolves with the validated answer.
 */
export function postFormWithProgress<T>(
  path: string,
  form: FormData,
  schema: ZodType<T, ZodTypeDef, unknown>,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new TypeError('Upload aborted'));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(schema.parse(JSON.parse(xhr.responseText)));
        } catch (error) {
          reject(error);
        }
        return;
      }
      const parsed = parseErrorBody(xhr.responseText, xhr.statusText);
      reject(
        new ApiError(`Server responded with ${xhr.status}: ${xhr.statusText || parsed.text}`, {
          status: xhr.status,
          statusText: xhr.statusText,
          serverMessage: parsed.text,
          code: parsed.code,
          fields: parsed.fields,
        }),
      );
    };
    xhr.send(form);
  });
}
