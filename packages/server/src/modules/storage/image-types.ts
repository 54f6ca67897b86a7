import { UPLOAD_CONTENT_TYPES, type UploadContentType } from '@app/contract';

/** Bytes needed to recognise every type below (WEBP's 'RIFF' size 'WEBP', MP4's size 'ftyp'). */
export const SNIFF_LENGTH = 12;

/**
 * The type the bytes really are, from their magic numbers, or null. The declared type of an
 * upload is the sender's word; this is what a browser would make of the file, so it decides.
 */
export function sniffContentType(head: Uint8Array): string | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  // Videos and covers are written by the server itself (put), never uploaded.
  if (ascii(head, 4, 8) === 'ftyp') return 'video/mp4';
  // Voice samples (modules/voices/voice-samples) are WAV files the server writes.
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return 'audio/wav';
  return null;
}

export function isUploadContentType(type: string | null | undefined): type is UploadContentType {
  return (UPLOAD_CONTENT_TYPES as readonly (string | null | undefined)[]).includes(type);
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return bytes.length >= end ? String.fromCharCode(...bytes.subarray(start, end)) : '';
}
