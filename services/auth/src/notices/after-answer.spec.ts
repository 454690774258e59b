import { logger } from '@portal/server-kit';
import { AfterAnswer } from './after-answer';

describe('AfterAnswer', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it('starts the work only after the caller has gone on, and settles once it has ended', async () => {
    const after = new AfterAnswer();
    const steps: string[] = [];
    after.run('work', async () => void steps.push('work'));
    steps.push('answer');
    await after.settled();
    expect(steps).toEqual(['answer', 'work']);
    expect(errors).not.toHaveBeenCalled();
  });

  it('logs a failure with what it was and goes on with the next work', async () => {
    const after = new AfterAnswer();
    const done: string[] = [];
    after.run('failing mail', () => Promise.reject(new Error('smtp down')));
    after.run('next mail', async () => void done.push('next'));
    await after.settled();
    expect(done).toEqual(['next']);
    expect(errors).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'smtp down' }), what: 'failing mail' },
      'work after the answer failed',
    );
  });

  it('is bounded: past its limit new work is refused and logged as an error, and room comes back as work ends', async () => {
    const after = new AfterAnswer(2);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ran: number[] = [];
    for (const n of [1, 2, 3]) after.run(`mail ${n}`, async () => (await held, void ran.push(n)));
    expect(errors).toHaveBeenCalledWith(
      { what: 'mail 3', running: 2 },
      'work after the answer refused: too much in flight',
    );
    release();
    await after.settled();
    after.run('mail 4', async () => void ran.push(4));
    await after.settled();
    expect(ran).toEqual([1, 2, 4]);
  });

  it('the context waits for work in flight before it stops', async () => {
    const after = new AfterAnswer();
    let finished = false;
    after.run('slow mail', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished = true;
    });
    await after.onModuleDestroy();
    expect(finished).toBe(true);
  });
});
