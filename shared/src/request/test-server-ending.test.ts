import { useTestServer } from './test-server';
import { request } from './request';

// A file whose page leaves a request under way: the server going at the file's end fails it, and
// that failure (with its 网络错误 toast) has to come while this file's environment stands. One that
// came later would run its toast in whatever file the worker took next, after this one's teardown.
const server = useTestServer();
let ended: string | undefined;

// Runs after useTestServer's afterAll, which was declared first.
afterAll(() => {
  expect(ended).toBe('网络错误，换个网络试试');
});

it('leaves a request under way at the end', () => {
  server().route('/held', () => undefined);
  void request({ url: '/held' }).catch((error: Error) => {
    ended = error.message;
  });
});
