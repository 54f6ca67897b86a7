/** Where a task's rendered files live in storage: fixed per task, so a retry overwrites and a delete knows them. */
export function taskOutputKeys(taskId: number): { video: string; cover: string } {
  return { video: `tasks/${taskId}/video.mp4`, cover: `tasks/${taskId}/cover.jpg` };
}
