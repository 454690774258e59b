import * as net from 'node:net';
import { Client, DatabaseError, Pool } from 'pg';
import { QueryFailedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { MESSAGES } from '@portal/contracts';
import { AppError } from './app-error';
import { toErrorBody } from './error.filter';
import { isUnavailable } from './unavailable';

/** A server error as pg makes it from the wire: message, SQLSTATE. */
const sqlError = (code: string, message: string) =>
  Object.assign(new DatabaseError(message, message.length, 'error'), { code });
/** What TypeORM throws for a failed statement: the pg error under driverError. */
const fromTypeorm = (e: Error) => new QueryFailedError('SELECT 1', [], e);

/** A listening TCP server that accepts and never answers: a PostgreSQL frozen by SIGSTOP looks like this. */
const silentServer = async () => {
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => void sockets.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((r) => (sockets.forEach((s) => s.destroy()), server.close(() => r()))),
  };
};

const closedPort = async () => {
  const s = await silentServer();
  await s.close();
  return s.port;
};

const failureOf = async (work: () => Promise<unknown>): Promise<unknown> =>
  work().then(
    () => new Error('did not fail'),
    (e: unknown) => e,
  );

describe('a dependency that is down answers 503, not 500', () => {
  it('recognises a refused connection as pg reports it', async () => {
    const port = await closedPort();
    const err = await failureOf(() =>
      new Client({ host: '127.0.0.1', port, connectionTimeoutMillis: 1000 }).connect(),
    );
    expect((err as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isUnavailable(err)).toBe(true);
  });

  it('recognises the pool giving up on a server that accepts but never answers', async () => {
    const server = await silentServer();
    const pool = new Pool({ host: '127.0.0.1', port: server.port, connectionTimeoutMillis: 200 });
    pool.on('error', () => undefined);
    try {
      const err = await failureOf(() => pool.query('SELECT 1'));
      expect(String((err as Error).message)).toMatch(/timeout/i);
      expect(isUnavailable(err)).toBe(true);
    } finally {
      await pool.end();
      await server.close();
    }
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect'],
    ['53300', 'sorry, too many clients already'],
    ['57014', 'canceling statement due to statement timeout'],
  ])('recognises SQLSTATE %s, also under TypeORM', (code, message) => {
    expect(isUnavailable(sqlError(code, message))).toBe(true);
    expect(isUnavailable(fromTypeorm(sqlError(code, message)))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Query read timeout',
    'Client has encountered a connection error and is not queryable',
  ])('recognises pg failing with "%s"', (message) =>
    expect(isUnavailable(fromTypeorm(new Error(message)))).toBe(true),
  );

  it('recognises TypeORM refusing a query runner whose connection broke mid-transaction', () => {
    expect(isUnavailable(new QueryRunnerProviderAlreadyReleasedError())).toBe(true);
  });

  it('looks inside an AggregateError of several addresses', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isUnavailable(new AggregateError([refused, refused]))).toBe(true);
  });

  it('leaves bugs and refusals of the statement alone', () => {
    expect(
      isUnavailable(fromTypeorm(sqlError('23505', 'duplicate key value violates unique constraint'))),
    ).toBe(false);
    expect(isUnavailable(fromTypeorm(sqlError('42P01', 'relation "nope" does not exist')))).toBe(false);
    expect(isUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isUnavailable(new AppError('RESOURCE.CONFLICT', 'taken'))).toBe(false);
    expect(
      toErrorBody(fromTypeorm(sqlError('42P01', 'relation "nope" does not exist'))).body.statusCode,
    ).toBe(500);
  });

  it('answers 503 in the error vocabulary with Retry-After', () => {
    const { body, headers } = toErrorBody(fromTypeorm(new Error('Connection terminated unexpectedly')), 7);
    expect(body).toEqual({
      statusCode: 503,
      code: 'SERVICE.UNAVAILABLE',
      message: MESSAGES.serviceUnavailable,
    });
    expect(headers).toEqual({ 'retry-after': '7' });
  });
});
