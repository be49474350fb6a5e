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

export async function dataUrlToBlob(dataUrl: string): Promise<Blob> {
  const response = await fetch(dataUrl);
  return response.blob();
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
