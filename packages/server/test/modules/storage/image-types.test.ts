import { isUploadContentType, sniffContentType } from '../../../src/modules/storage/image-types.js';
import { HTML, JPEG, PNG, SVG, WEBP } from './upload-fixtures.js';

describe('sniffContentType', () => {
  it.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['PNG', PNG, 'image/png'],
    ['WEBP', WEBP, 'image/webp'],
  ])('knows a %s by its magic number', (_name, bytes, type) => {
    expect(sniffContentType(bytes)).toBe(type);
  });

  it('knows a WAV (the voice samples the server writes), which is no upload type', () => {
    expect(sniffContentType(Buffer.from('RIFF\x24\0\0\0WAVEfmt ', 'latin1'))).toBe('audio/wav');
    expect(isUploadContentType('audio/wav')).toBe(false);
  });

  it('knows an MP4 (the videos the server writes)', () => {
    expect(sniffContentType(Buffer.from('\0\0\0\x20ftypisom\0\0\x02\0', 'latin1'))).toBe('video/mp4');
  });

  it.each([
    ['HTML', HTML],
    ['SVG', SVG],
    ['text', Buffer.from('hello world, not a picture')],
    ['empty', Buffer.alloc(0)],
    ['a RIFF that is neither WEBP nor WAVE', Buffer.from('RIFF\x24\0\0\0AVI LIST', 'latin1')],
    ['a cut PNG signature', PNG.subarray(0, 5)],
  ])('recognises no %s', (_name, bytes) => {
    expect(sniffContentType(bytes)).toBeNull();
  });
});

describe('isUploadContentType', () => {
  it('allows exactly jpeg, png and webp', () => {
    expect(['image/jpeg', 'image/png', 'image/webp'].every(isUploadContentType)).toBe(true);
    expect(['image/svg+xml', 'text/html', 'video/mp4', 'image/gif', '', null].some(isUploadContentType)).toBe(false);
  });
});
