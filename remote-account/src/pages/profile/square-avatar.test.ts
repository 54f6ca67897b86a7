import { AVATAR_MAX_SIDE, squareAvatar, squareCrop } from './square-avatar';

describe('the avatar’s square', () => {
  it('a tall photo keeps its middle: the top and bottom go', () => {
    expect(squareCrop(300, 500)).toEqual({ sx: 0, sy: 100, side: 300, size: 300 });
  });

  it('a wide one keeps its middle: the sides go', () => {
    expect(squareCrop(801, 400)).toEqual({ sx: 200, sy: 0, side: 400, size: 400 });
  });

  it('a large one is drawn at 512 px a side at most', () => {
    expect(squareCrop(3000, 4000)).toEqual({ sx: 0, sy: 500, side: 3000, size: AVATAR_MAX_SIDE });
  });

  it('a type the store refuses passes through, for the upload to say why', async () => {
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' });
    await expect(squareAvatar(gif)).resolves.toBe(gif);
  });
});
