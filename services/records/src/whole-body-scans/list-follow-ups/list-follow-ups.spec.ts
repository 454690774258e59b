import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { FollowUpRepository } from '../follow-up.repository';
import { aTask } from '../test-fixtures';
import { ListFollowUps } from './list-follow-ups';

describe('ListFollowUps', () => {
  it("answers the caller's tasks with their result's identifier path, audited", async () => {
    const fake = fakeUseCaseKit();
    const listOwned = jest.fn().mockResolvedValue([
      aTask(),
      aTask({
        id: 't2',
        done_at: new Date('2026-11-20T00:00:00Z'),
        result_document_id: 'd1',
        result_request_id: 'r9',
        result_file_name: 'letter.pdf',
      }),
    ]);
    const tasks = await new ListFollowUps(fake.kit, stub<FollowUpRepository>({ listOwned })).execute(
      'u1',
      testCaller('u1'),
    );
    expect(tasks[0]).toEqual({
      id: 't1',
      whole_body_scan_id: 's1',
      finding_id: 'f1',
      next_step_id: 'n1',
      title: 'See a cardiologist',
      subtitle: 'Within four weeks',
      due_date: '2026-12-01',
      done_at: null,
      result: null,
    });
    expect(tasks[1]).toMatchObject({
      done_at: '2026-11-20T00:00:00.000Z',
      result: { file_name: 'letter.pdf', identifier_path: '/api/r9/getAttachmentContent/d1' },
    });
    expect(fake.audit).toHaveLength(1);
  });
});
