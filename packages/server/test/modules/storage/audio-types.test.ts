import { declaredTypeFits, sniffAudioType } from '../../../src/modules/storage/audio-types.js';
import { SNIFF_LENGTH } from '../../../src/modules/storage/image-types.js';
import { AUDIO_TYPES, audioFile, type AudioFormat } from '../../helpers/audio-fixtures.js';
import { removeTempDirs } from '../../helpers/temp-dirs.js';
import { HTML, JPEG, PNG, WEBP } from './upload-fixtures.js';

afterAll(removeTempDirs);

describe('sniffAudioType (what the bytes of an audio upload really are)', () => {
  it.each(['mp3', 'm4a', 'aac', 'wav'] as AudioFormat[])('knows a real %s file made by ffmpeg from its first 12 bytes', (format) => {
    expect(sniffAudioType(audioFile(format).subarray(0, SNIFF_LENGTH))).toBe(AUDIO_TYPES[format]);
  });

  it('knows an MP3 without an ID3 tag by its frame header, and tells it from ADTS AAC', () => {
    // MPEG-1 Layer III, 128 kb/s, 44.1 kHz: FF FB 90 64.
    expect(sniffAudioType(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('audio/mpeg');
    // ADTS, MPEG-4, no CRC (FFF1) and MPEG-2 (FFF9).
    expect(sniffAudioType(Buffer.from([0xff, 0xf1, 0x50, 0x80, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('audio/aac');
    expect(sniffAudioType(Buffer.from([0xff, 0xf9, 0x50, 0x80, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('audio/aac');
    // A sync word with a reserved bitrate (1111) or sample rate (11) is no MP3 frame.
    expect(sniffAudioType(Buffer.from([0xff, 0xfb, 0xf0, 0x64]))).toBeNull();
    expect(sniffAudioType(Buffer.from([0xff, 0xfb, 0x9c, 0x64]))).toBeNull();
  });

  it.each([
    ['a PNG', PNG],
    ['a JPEG (FF D8: no frame sync)', JPEG],
    ['a WEBP (RIFF, but not WAVE)', WEBP],
    ['an HTML page with a script', HTML],
    ['a shell script', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ['an MP4 video whose brand is not an audio one', Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypavc1')])],
    ['a cut-off ID3 header', Buffer.from('ID')],
    ['a cut-off WAV header', Buffer.from('RIFF\x24\x00\x00\x00WA')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffAudioType(bytes.subarray(0, SNIFF_LENGTH))).toBeNull();
  });
});

describe('declaredTypeFits (a declared type must match the bytes, when it names one)', () => {
  it('takes the names browsers give each type', () => {
    expect(declaredTypeFits('audio/x-m4a', 'audio/mp4')).toBe(true);
    expect(declaredTypeFits('audio/mp3', 'audio/mpeg')).toBe(true);
    expect(declaredTypeFits('audio/x-wav', 'audio/wav')).toBe(true);
    expect(declaredTypeFits('audio/vnd.dlna.adts', 'audio/aac')).toBe(true);
  });

  it('refuses an MP3 declared as WAV, and an AAC declared as MP3', () => {
    expect(declaredTypeFits('audio/wav', 'audio/mpeg')).toBe(false);
    expect(declaredTypeFits('audio/mpeg', 'audio/aac')).toBe(false);
  });

  it('lets the bytes decide when the browser could not name the file', () => {
    expect(declaredTypeFits('application/octet-stream', 'audio/wav')).toBe(true);
  });
});
