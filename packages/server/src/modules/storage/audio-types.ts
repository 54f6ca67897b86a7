import { AUDIO_CONTENT_TYPES, type AudioContentType } from '@app/contract';

// The user's own music (upload kind `audio`) and operators' tracks: what the bytes are, told
// from their magic numbers as image-types does for pictures. SNIFF_LENGTH (12) bytes suffice.

/**
 * MP3, M4A, AAC or WAV from the first bytes, or null:
 * - MP3: an ID3v2 tag (`ID3`), or an MPEG audio frame header: 11 sync bits, a valid version,
 *   Layer III, a bitrate index other than 15 and a sample-rate index other than 3;
 * - AAC: an ADTS header, 12 sync bits then MPEG-4/-2 and layer 00 (0xFFF1, 0xFFF9 with CRC
 *   absent; 0xFFF0 / 0xFFF8 with CRC);
 * - M4A: an ISO media file (`ftyp` at byte 4) whose major brand is an audio or plain MP4 one
 *   (M4A, M4B, mp42, mp41, isom, iso2): ffmpeg's decode at save time proves there is sound in it;
 * - WAV: `RIFF` size `WAVE`.
 */
export function sniffAudioType(head: Uint8Array): AudioContentType | null {
  if (ascii(head, 0, 3) === 'ID3') return 'audio/mpeg';
  if (head.length >= 4 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) {
    const version = (head[1]! >> 3) & 0b11;
    const layer = (head[1]! >> 1) & 0b11;
    if (layer === 0b00 && (head[1]! & 0xf0) === 0xf0) return 'audio/aac';
    const bitrate = head[2]! >> 4;
    const sampleRate = (head[2]! >> 2) & 0b11;
    if (version !== 0b01 && layer === 0b01 && bitrate !== 0b1111 && sampleRate !== 0b11) return 'audio/mpeg';
    return null;
  }
  if (ascii(head, 4, 8) === 'ftyp' && M4A_BRANDS.has(ascii(head, 8, 12))) return 'audio/mp4';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return 'audio/wav';
  return null;
}

const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'mp42', 'mp41', 'isom', 'iso2']);

/**
 * The declared types (what a browser puts on the file part) that name each stored type. A file
 * declared as one of them must really be that type: an MP3 sent as audio/wav is a disguise and is
 * refused. `application/octet-stream` (a browser that cannot name the file) names none: the bytes decide.
 */
const DECLARED: Record<string, AudioContentType> = {
  'audio/mpeg': 'audio/mpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
  'audio/mp4': 'audio/mp4',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/aac': 'audio/aac',
  'audio/x-aac': 'audio/aac',
  'audio/aacp': 'audio/aac',
  'audio/vnd.dlna.adts': 'audio/aac',
  'audio/x-hx-aac-adts': 'audio/aac',
  'audio/wav': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
};

/** Whether bytes sniffed as `actual` may be stored under the declared type (see DECLARED). */
export function declaredTypeFits(declared: string, actual: AudioContentType): boolean {
  const named = DECLARED[declared.toLowerCase()];
  return named === undefined || named === actual;
}

export function isAudioContentType(type: string | null | undefined): type is AudioContentType {
  return (AUDIO_CONTENT_TYPES as readonly (string | null | undefined)[]).includes(type);
}

/** A file name for a stored audio type, so ffmpeg and the renderer see what it is. */
export const AUDIO_EXTENSIONS: Record<AudioContentType, string> = {
  'audio/mpeg': '.mp3',
  'audio/mp4': '.m4a',
  'audio/aac': '.aac',
  'audio/wav': '.wav',
};

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return bytes.length >= end ? String.fromCharCode(...bytes.subarray(start, end)) : '';
}
