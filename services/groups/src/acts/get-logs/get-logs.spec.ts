import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { Group, GroupLogQuery } from '@portal/contracts';
import { forbidden } from '@portal/server-kit';
import { aGroup, staffOf } from '../../groups.fixtures';
import type { GroupAccess } from '../../groups/group-access';
import type { GroupRepository } from '../../groups/group.repository';
import type { ActRepository } from '../act.repository';
import { GetLogs } from './get-logs';

const query = (over: Partial<GroupLogQuery> = {}): GroupLogQuery => ({
  groupId: 'g1',
  page: 1,
  size: 25,
  ...over,
});

describe('GetLogs', () => {
  const setup = (admin: jest.Mock = jest.fn(async () => staffOf('GROUP_ADMIN'))) => {
    const page = jest.fn(async (..._args: unknown[]) => ({ rows: [], total: 0 }));
    const patientGroups = jest.fn(async () => [{ id: 'g2' }, { id: 'g3' }] as Group[]);
    const useCase = new GetLogs(
      fakeUseCaseKit().kit,
      stub<GroupAccess>({ admin }, 'access'),
      stub<GroupRepository>({ patientGroups }, 'groups'),
      stub<ActRepository>({ page }, 'acts'),
    );
    return { page, useCase };
  };

  it('pages the filtered log of the group: whole days, both included, in UTC', async () => {
    const { page, useCase } = setup();
    await expect(
      useCase.execute(
        'a1',
        query({
          memberId: 'p1',
          actorId: 'c1',
          action: 'records.',
          from: '2026-01-01',
          to: '2026-01-31',
          page: 3,
          size: 10,
        }),
      ),
    ).resolves.toEqual({ rows: [], total: 0, page: 3, size: 10 });
    expect(page).toHaveBeenCalledWith(
      expect.anything(),
      {
        groupIds: ['g1'],
        memberId: 'p1',
        actorId: 'c1',
        action: 'records.',
        from: new Date('2026-01-01T00:00:00Z'),
        until: new Date('2026-02-01T00:00:00Z'),
      },
      { limit: 10, offset: 20 },
    );
  });

  it("an admin group's log holds its patient groups' too", async () => {
    const { page, useCase } = setup(
      jest.fn(async () =>
        staffOf('GROUP_ADMIN', {
          group: aGroup({ id: 'a1', organization_type: 'ADMIN_GROUP', parent_id: null }),
        }),
      ),
    );
    await useCase.execute('a1', query({ groupId: 'a1' }));
    expect(page.mock.calls[0]![1]).toMatchObject({ groupIds: ['a1', 'g2', 'g3'] });
  });

  it('a coordinator is refused; a date the calendar has not is a 400', async () => {
    const refused = setup(jest.fn().mockRejectedValue(forbidden()));
    await expect(refused.useCase.execute('c1', query())).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
    expect(refused.page).not.toHaveBeenCalled();
    await expect(setup().useCase.execute('a1', query({ to: '2026-02-30' }))).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      message: 'to must be a date (YYYY-MM-DD)',
    });
  });
});
