export const UPLOAD_URL = '/api/photos/upload';

/** What `POST /api/photos/upload` answers with 201. */
export interface UploadResult {
  photos: { id: number; name: string | null; status: string; original_path: string; frames?: number }[];
  order: { id: string; status: string; photos_remaining: number };
}

/** Read a failed upload's reason: the body's `error` or `message` field, else the HTTP status (spec section 8). */
export function uploadErrorMessage(status: number, statusText: string, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown } | null;
    for (const value of [parsed?.error, parsed?.message]) {
      if (typeof value === 'string' && value.trim()) return value;
      if (Array.isArray(value) && value.length > 0) return value.join(' ');
    }
  } catch {
    // Not JSON: use the status line.
  }
  return `HTTP error ${status}: ${statusText}`;
}

/**
 * Send the photos of one order as multipart form data (`orderId` plus repeated `photos`) over XHR, which, unlike
 * fetch, reports upload progress. Each photo is one file, or a bracket's frames: each frame of a bracket is sent
 * right after a `group` field naming its photo (`photo-3`), so the server takes them as one photo. `onProgress`
 * receives whole percentages 0-100. Rejects with an Error whose message is the one to show: the server's reason,
 * 'Network error' or 'Upload aborted'.
 */
export function uploadPhotos(
  orderId: string,
  photos: readonly (readonly File[])[],
  onProgress: (percent: number) => void,
): Promise<UploadResult> {
  const form = new FormData();
  form.append('orderId', orderId);
  photos.forEach((files, index) => {
    for (const file of files) {
      if (files.length > 1) form.append('group', `photo-${index + 1}`);
      form.append('photos', file, file.name);
    }
  });

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.withCredentials = true;
    // The server refuses state-changing cookie requests without it (CSRF rule).
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        try {
          resolve(JSON.parse(xhr.responseText || 'null') as UploadResult);
        } catch {
          resolve({ photos: [], order: { id: orderId, status: 'pending', photos_remaining: 0 } });
        }
      } else {
        reject(new Error(uploadErrorMessage(xhr.status, xhr.statusText, xhr.responseText)));
      }
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new Error('Upload aborted'));
    xhr.send(form);
  });
}
