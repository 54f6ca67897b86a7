/**
 * Turns the provider's many progress calls into few writes: at most one every `everyMs`, only
 * when the whole percent moved, never two at once, and at most 99 (100 is written with the
 * result). `write` answers false when the task is no longer ours: `onLost` is then called.
 */
export function progressReporter(options: {
  everyMs: number;
  write: (percent: number) => Promise<boolean>;
  onLost: () => void;
  onError: (error: unknown) => void;
}): (percent: number) => void {
  let stored = 0;
  let lastWrite = 0;
  let writing = false;
  return (percent) => {
    const value = Math.min(99, Math.max(0, Math.floor(percent)));
    const now = Date.now();
    if (writing || value <= stored || now - lastWrite < options.everyMs) return;
    writing = true;
    lastWrite = now;
    stored = value;
    options
      .write(value)
      .then((held) => {
        if (!held) options.onLost();
      }, options.onError)
      .finally(() => (writing = false));
  };
}
