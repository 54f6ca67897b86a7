// What a rendered MP4 really is, asked of ffprobe (a dev dependency: production never probes).
import ffprobe from '@ffprobe-installer/ffprobe';
import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { promisify } from 'node:util';

export interface Probe {
  video: {
    codec: string; pixFmt: string; width: number; height: number; frames: number; duration: number;
    /** How the stream says its YUV is to be read back as colour ('' where it says nothing). */
    colour: { space: string; range: string; primaries: string; transfer: string };
  };
  audio: { codec: string; duration: number } | undefined;
  duration: number;
}

interface RawStream {
  codec_type: string;
  codec_name: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  nb_read_frames?: string;
  duration?: string;
  color_space?: string;
  color_range?: string;
  color_primaries?: string;
  color_transfer?: string;
}

export async function probe(file: string): Promise<Probe> {
  // -count_frames decodes every frame: the count is what a player sees, not what a header claims.
  const { stdout } = await promisify(execFile)(ffprobe.path, [
    '-v', 'error', '-count_frames', '-show_streams', '-show_format', '-of', 'json', file,
  ]);
  const raw = JSON.parse(stdout) as { streams: RawStream[]; format: { duration: string } };
  const video = raw.streams.find((s) => s.codec_type === 'video');
  const audio = raw.streams.find((s) => s.codec_type === 'audio');
  if (!video) throw new Error(`${file} has no video stream`);
  return {
    video: {
      codec: video.codec_name, pixFmt: video.pix_fmt ?? '', width: video.width ?? 0, height: video.height ?? 0,
      frames: Number(video.nb_read_frames), duration: Number(video.duration),
      colour: {
        space: video.color_space ?? '', range: video.color_range ?? '',
        primaries: video.color_primaries ?? '', transfer: video.color_transfer ?? '',
      },
    },
    audio: audio && { codec: audio.codec_name, duration: Number(audio.duration) },
    duration: Number(raw.format.duration),
  };
}

/** The MP4's top-level boxes in file order ('ftyp', 'moov', 'mdat', …). */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const handle = await open(file);
  try {
    const { size } = await handle.stat();
    const boxes: string[] = [];
    const header = Buffer.alloc(16);
    for (let at = 0; at < size; ) {
      await handle.read(header, 0, 16, at);
      let length = header.readUInt32BE(0);
      if (length === 1) length = Number(header.readBigUInt64BE(8)); // 64-bit size follows the type
      else if (length === 0) length = size - at; // runs to the end of the file
      boxes.push(header.toString('latin1', 4, 8));
      if (length < 8) throw new Error(`broken box at ${at}`);
      at += length;
    }
    return boxes;
  } finally {
    await handle.close();
  }
}
