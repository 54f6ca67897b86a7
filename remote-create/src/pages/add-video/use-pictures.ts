import { PICTURES_MAX, UPLOAD_CONTENT_TYPES, UPLOAD_MAX_SIZE } from '@app/contract';
import { imageProblem, toast, uploadImage } from '@app/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fileHref } from '../../lib/file-url';
import { deleteFileUrl } from '../../tasks/delete-file-url';


export interface Picture {
  id: number;
  /** The file picked; none for a picture restored from a draft (uploaded before). */
  file?: File;
  /** A local preview while the upload runs; the server's copy for a restored picture. */
  preview: string;
  status: 'uploading' | 'done' | 'failed';
  progress: number;
  /** Where the server serves it, once uploaded. */
  url: string;
  error: string;
}

interface Running {
  controller: AbortController;
}

/**
 * The form's pictures: each uploads on its own through the signed policy with its own progress;
 * taking one out stops its upload or deletes the uploaded file (delete_file_url). `initial`: the
 * addresses of pictures uploaded before (a draft), shown as done.
 */
export function usePictures(initial: readonly string[] = []) {
  const nextId = useRef(1);
  const [pictures, setPictures] = useState<Picture[]>(() =>
    initial.map((url) => ({ id: nextId.current++, preview: fileHref(url), status: 'done', progress: 100, url, error: '' })),
  );
  const running = useRef(new Map<number, Running>());
  const current = useRef(pictures);
  current.current = pictures;

  const update = useCallback((id: number, patch: Partial<Picture>) => {
    setPictures((list) => list.map((p) => (p.id === id ? { ...p, ...patch } : p)));
  }, []);

  const upload = useCallback(
    (id: number, file: File) => {
      const controller = new AbortController();
      running.current.set(id, { controller });
      update(id, { status: 'uploading', progress: 0, error: '' });
      uploadImage({ file, kind: 'image', signal: controller.signal, onProgress: (progress) => update(id, { progress }) })
        .then((url) => update(id, { status: 'done', progress: 100, url }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return; // taken out by the user: nothing to say
          const message = error instanceof Error ? error.message : '上传失败，请重试';
          update(id, { status: 'failed', error: message });
          toast(message);
        })
        .finally(() => running.current.delete(id));
    },
    [update],
  );

  const add = useCallback(
    (files: File[]) => {
      const room = PICTURES_MAX - current.current.length;
      if (files.length > room) toast(`最多上传 ${PICTURES_MAX} 张图片`);
      const added: Picture[] = [];
      for (const file of files.slice(0, Math.max(0, room))) {
        const problem = imageProblem(file, { contentTypes: UPLOAD_CONTENT_TYPES, maxSize: UPLOAD_MAX_SIZE });
        if (problem) {
          toast(problem);
          continue;
        }
        added.push({ id: nextId.current++, file, preview: URL.createObjectURL(file), status: 'uploading', progress: 0, url: '', error: '' });
      }
      if (added.length === 0) return;
      setPictures((list) => [...list, ...added]);
      added.forEach((p) => upload(p.id, p.file!));
    },
    [upload],
  );

  const remove = useCallback((picture: Picture) => {
    running.current.get(picture.id)?.controller.abort();
    running.current.delete(picture.id);
    setPictures((list) => list.filter((p) => p.id !== picture.id));
    if (picture.file) URL.revokeObjectURL(picture.preview);
    // Not worth troubling the user: a file left behind is only unused storage.
    if (picture.url) void deleteFileUrl(picture.url).catch(() => undefined);
  }, []);

  const retry = useCallback(
    (picture: Picture) => {
      if (picture.file) upload(picture.id, picture.file);
    },
    [upload],
  );

  /** A draft's picture the server no longer has: it must be taken out (and picked again). */
  const missing = useCallback((picture: Picture) => update(picture.id, { status: 'failed', error: '图片已失效，请删除后重新选择' }), [update]);

  /** Takes every picture out (清空). */
  const clear = useCallback(() => current.current.forEach(remove), [remove]);

  // Leaving the page stops what is still uploading; the previews are only memory.
  useEffect(
    () => () => {
      running.current.forEach((r) => r.controller.abort());
      current.current.forEach((p) => p.file && URL.revokeObjectURL(p.preview));
    },
    [],
  );

  return { pictures, add, remove, retry, clear, missing };
}
