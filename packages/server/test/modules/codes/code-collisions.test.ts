import { createBatch } from '../../../src/modules/codes/code-batches.js';
import { generateCode } from '../../../src/modules/codes/code-format.js';
import { makeCode } from '../../helpers/codes.js';
import { describeEngines } from '../../helpers/engines.js';

// The generator is scripted here, to make the collision that 2^80 codes never show in a test.
jest.mock('../../../src/modules/codes/code-format.js', () => {
  const actual = jest.requireActual('../../../src/modules/codes/code-format.js');
  return { ...actual, generateCode: jest.fn(actual.generateCode) };
});
const scripted = generateCode as jest.MockedFunction<typeof generateCode>;
const realGenerate: typeof generateCode = jest.requireActual('../../../src/modules/codes/code-format.js').generateCode;

describeEngines('code batches when a new code collides with an existing one', (ctx) => {
  beforeEach(() => scripted.mockReset().mockImplementation(realGenerate));

  it('skips the taken code and draws another, still making `count` codes', async () => {
    const taken = await makeCode(ctx.db());
    scripted.mockClear();
    const fresh = [realGenerate(), realGenerate(), realGenerate()];
    // Drawn: the taken code, the first fresh one twice (a duplicate within the batch), the second;
    // the taken one is refused by the UNIQUE constraint, so a third fresh one is drawn.
    for (const code of [taken, fresh[0]!, fresh[0]!, fresh[1]!, fresh[2]!]) scripted.mockReturnValueOnce(code);

    const { codes, batch } = await createBatch(ctx.db(), { points: 1, days: 0, count: 3, endsAt: null, note: '' });

    expect([...codes].sort()).toEqual([...fresh].sort());
    expect(codes).not.toContain(taken);
    expect(batch.count).toBe(3);
    expect(scripted).toHaveBeenCalledTimes(5);
  });
});
