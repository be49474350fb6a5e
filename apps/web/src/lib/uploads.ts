// Image uploads: the spec's client-side checks (size and type), reading a preview as a data URL, and the
// upload itself (the server checks the content again and re-encodes it).
import { apiRequest } from './api-client';

export { validateImageFile as imageFileProblem } from '@marquee/shared';

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

/** Decodes a base64 data URL without fetch (the content-security policy allows no data: connections). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('Not a data URL');
  const [, type = 'application/octet-stream', isBase64, payload = ''] = match;
  const text = isBase64 ? atob(payload) : decodeURIComponent(payload);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return new Blob([bytes], { type });
}

export type UploadPurpose = 'brand-image' | 'logo' | 'cover' | 'event-artwork';

export interface UploadedImage {
  id: string;
  url: string;
  width: number;
  height: number;
  contentType: string;
}

export function uploadImage(file: Blob, purpose: UploadPurpose, fileName = 'image'): Promise<UploadedImage> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, fileName);
  return apiRequest<UploadedImage>('/api/uploads/image', { method: 'POST', body: form });
}
