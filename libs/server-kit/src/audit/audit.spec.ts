import { ContextAudit } from './audit';

describe('ContextAudit', () => {
  const setup = () => {
    const query = jest.fn().mockResolvedValue([]);
    const record = jest.fn().mockResolvedValue('e1');
    return { query, record, audit: new ContextAudit('records', { record }) };
  };

  it('writes the caller as the actor and nothing else for a plain act', async () => {
    const { query, record, audit } = setup();
    await audit.record(
      { query },
      { userId: 'u1', ip: '10.0.0.1', requestId: 'r1' },
      {
        action: 'records.response-read',
        resourceType: 'response',
        resourceId: 'x',
        subjectId: 'u1',
      },
    );
    expect(query.mock.calls[0][1]).toEqual([
      'u1',
      'records.response-read',
      'response',
      'x',
      'u1',
      '10.0.0.1',
      'r1',
      {},
    ]);
    expect(record).not.toHaveBeenCalled();
  });

  it('attributes an act for a group member twice: coordinator as actor, member as subject, and tells the groups context', async () => {
    const { query, record, audit } = setup();
    const tx = { query };
    await audit.record(
      tx,
      {
        userId: 'c1',
        ip: null,
        requestId: 'r2',
        onBehalfOf: { userId: 'm1', groupId: 'g1', permission: 'UPLOAD_RECORDS' },
      },
      {
        action: 'records.self-upload-stored',
        resourceType: 'document',
        resourceId: 'd1',
        detail: { size: 3 },
      },
    );
    expect(query.mock.calls[0][1]).toEqual([
      'c1',
      'records.self-upload-stored',
      'document',
      'd1',
      'm1',
      null,
      'r2',
      { size: 3, onBehalfOf: { userId: 'm1', groupId: 'g1', permission: 'UPLOAD_RECORDS' } },
    ]);
    expect(record).toHaveBeenCalledWith(tx, 'acting.act-recorded', {
      actorId: 'c1',
      memberId: 'm1',
      groupId: 'g1',
      permission: 'UPLOAD_RECORDS',
      context: 'records',
      action: 'records.self-upload-stored',
      resourceType: 'document',
      resourceId: 'd1',
      at: expect.any(String),
    });
  });
});
