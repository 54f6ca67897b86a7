/**
 * Where a task's rendered files live in storage: under the task's random `output_token`
 * (video_tasks, migrations/0004), so their addresses cannot be guessed from another task's.
 * Fixed per task, so a retry overwrites them and a delete knows them.
 */
export function taskOutputKeys(outputToken: string): { video: string; cover: string } {
  return { video: `tasks/${outputToken}/video.mp4`, cover: `tasks/${outputToken}/cover.jpg` };
}

/**
 * Where they lived before migration 0004: by the task's sequential id, which anyone could count
 * through. Only the start-up move of those files (./legacy-outputs) still uses these.
 */
export function legacyTaskOutputKeys(taskId: number): { video: string; cover: string } {
  return { video: `tasks/${taskId}/video.mp4`, cover: `tasks/${taskId}/cover.jpg` };
}
