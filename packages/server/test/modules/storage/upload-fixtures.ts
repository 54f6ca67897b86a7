import { type UploadPolicy } from '@app/contract';

// Tiny real images (1×1), and things that are not images, for the upload tests.

export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const WEBP = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxgRQyoZEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/APsQv//Z',
  'base64',
);
export const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

export const MIB = 1024 * 1024;

export interface FileToSend {
  bytes: Uint8Array;
  type: string;
  name?: string;
}

/** The form the app posts: every entry of `fields`, then `key`, then `file` last (docs/api.md, /server_api/oss/stsPolicy). */
export function uploadForm(policy: Pick<UploadPolicy, 'fields' | 'key'>, file: FileToSend, overrides: { key?: string; fields?: Record<string, string> } = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(overrides.fields ?? policy.fields)) form.append(name, value);
  form.append('key', overrides.key ?? policy.key);
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name ?? 'photo');
  return form;
}
