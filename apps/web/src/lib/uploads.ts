// Image uploads: the spec's client-side checks (size and type), reading a preview as a data URL, and the
// upload itself (the server checks the content again and re-encodes it).
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, IMAGE_MIN_BYTES } from '@marquee/shared';
import { apiRequest } from './api-client';

export const IMAGE_SIZE_MESSAGE = 'Image must be between 50KB and 750KB';
export const IMAGE_TYPE_MESSAGE = 'Only JPG, PNG, or GIF files are allowed';

export function imageFileProblem(file: { size: number; type: string }): string | null {
  if (file.size < IMAGE_MIN_BYTES || file.size > IMAGE_MAX_BYTES) return IMAGE_SIZE_MESSAGE;
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_MESSAGE;
  return null;
}

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
