import { isSafeBuildFolder } from '../../../src/modules/remotes/build-folders.js';

// The one check of a build folder's name read from dist/current.json or from an entry's address.
describe('isSafeBuildFolder', () => {
  it('takes the folders builds are written to', () => {
    for (const name of ['1.0.0-3f2a1b9c4d', '2.1.0-beta.1-0123456789', 'v2_build']) expect(isSafeBuildFolder(name)).toBe(true);
  });

  it('refuses anything that could name another place than one folder inside dist', () => {
    for (const name of ['', '.', '..', '.hidden', '../secret', 'a/b', 'a\\b', '1.0.0-x/', ' 1.0.0', '1.0.0%2f..']) expect([name, isSafeBuildFolder(name)]).toEqual([name, false]);
  });
});
