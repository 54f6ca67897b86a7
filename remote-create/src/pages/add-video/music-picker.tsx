import { AUDIO_EXTENSIONS, type MusicTrack } from '@app/contract';
import { toast, uploadAudio } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useMusicList } from '../../tasks/music-list';

/** What the form sends as save's `music`: '' the template's own, 'none', 'gen:<mood>', 'track:<id>' or an upload URL. */
export interface MusicValue {
  music: string;
  musicVolume: number;
  voiceVolume: number;
}

interface Upload {
  name: string;
  status: 'uploading' | 'done' | 'failed';
  progress: number;
  url: string;
  error: string;
}

/**
 * 背景音乐: the template's own music (default), the engine's music per mood, the operators'
 * tracks (▶ plays their sample), the user's own file (uploaded through the signed `audio`
 * policy, with its progress and the server's refusal shown), or none; then the two volumes.
 * `onUploading` tells the form a file is still going up (it waits before submitting).
 */
export function MusicPicker({ value, onChange, onUploading }: { value: MusicValue; onChange: (next: MusicValue) => void; onUploading: (busy: boolean) => void }) {
  const list = useMusicList().data ?? [];
  const [upload, setUpload] = useState<Upload | null>(null);
  // The last file that went up: it stays a choice while another upload runs or is refused.
  const [uploaded, setUploaded] = useState<{ name: string; url: string } | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const running = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(value);
  latest.current = value;

  // Leaving the form stops a sample playing and an upload going.
  useEffect(
    () => () => {
      audio.current?.pause();
      running.current?.abort();
    },
    [],
  );

  const choose = (music: string) => onChange({ ...latest.current, music });

  const preview = (track: MusicTrack) => {
    if (!track.sampleUrl) return;
    if (playing === track.id) {
      audio.current?.pause();
      setPlaying(null);
      return;
    }
    audio.current?.pause();
    const player = new Audio(track.sampleUrl);
    player.onended = () => setPlaying(null);
    audio.current = player;
    setPlaying(track.id);
    player.play().catch(() => {
      setPlaying(null);
      toast('试听失败，请稍后再试');
    });
  };

  const pick = (file: File | undefined) => {
    if (!file) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setUpload({ name: file.name, status: 'uploading', progress: 0, url: '', error: '' });
    onUploading(true);
    uploadAudio({ file, signal: controller.signal, onProgress: (progress) => setUpload((u) => u && { ...u, progress }) })
      .then((url) => {
        setUpload((u) => u && { ...u, status: 'done', progress: 100, url });
        setUploaded({ name: file.name, url });
        choose(url);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : '上传失败，请重试';
        setUpload((u) => u && { ...u, status: 'failed', error: message });
        toast(message);
      })
      .finally(() => {
        if (running.current === controller) onUploading(false);
      });
  };

  const option = (music: string, label: string, extra?: React.ReactNode) => (
    <span className="cr-music-option" key={music || 'template'}>
      <button type="button" role="radio" aria-checked={value.music === music} className="cr-music-chip app-tap-area" onClick={() => choose(music)}>
        <span className="cr-music-chip-label">{label}</span>
      </button>
      {extra}
    </span>
  );

  return (
    <div className="cr-music">
      <div className="cr-music-options" role="radiogroup" aria-label="背景音乐">
        {option('', '模板音乐')}
        {list.map((track) =>
          option(
            track.id,
            track.title,
            track.sampleUrl && (
              <button type="button" className="cr-music-play app-tap-area" aria-label={`${playing === track.id ? '停止' : '试听'}${track.title}`} onClick={() => preview(track)}>
                {playing === track.id ? '■' : '▶'}
              </button>
            ),
          ),
        )}
        {uploaded && option(uploaded.url, `我的音乐：${uploaded.name}`)}
        {option('none', '无音乐')}
      </div>

      <div className="cr-music-upload">
        <button type="button" className="cr-music-upload-button app-tap-area" onClick={() => input.current?.click()} disabled={upload?.status === 'uploading'}>
          上传音乐
        </button>
        <input
          ref={input}
          type="file"
          hidden
          aria-label="选择音乐文件"
          accept={[...AUDIO_EXTENSIONS, 'audio/*'].join(',')}
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <span className="cr-field-note" aria-live="polite">
          {upload?.status === 'uploading'
            ? `${upload.name} 上传中 ${Math.round(upload.progress)}%`
            : upload?.status === 'failed'
              ? upload.error
              : 'mp3、m4a、aac 或 wav，不超过 20MB，1 秒到 10 分钟'}
        </span>
      </div>

      <label className="cr-volume">
        <span>音乐音量</span>
        <input
          type="range"
          min={0}
          max={100}
          step={5}
          value={value.musicVolume}
          aria-label="音乐音量"
          onChange={(event) => onChange({ ...latest.current, musicVolume: Number(event.target.value) })}
        />
        <span className="cr-volume-value">{value.musicVolume}%</span>
      </label>
      <label className="cr-volume">
        <span>配音音量</span>
        <input
          type="range"
          min={0}
          max={100}
          step={5}
          value={value.voiceVolume}
          aria-label="配音音量"
          onChange={(event) => onChange({ ...latest.current, voiceVolume: Number(event.target.value) })}
        />
        <span className="cr-volume-value">{value.voiceVolume}%</span>
      </label>
      <span className="cr-field-note">有配音时音乐会在说话处自动压低</span>
    </div>
  );
}
