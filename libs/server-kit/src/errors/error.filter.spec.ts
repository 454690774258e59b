import { type ArgumentsHost, NotFoundException } from '@nestjs/common';
import Fastify from 'fastify';
import { AppError } from './app-error';
import { ErrorFilter, toErrorBody } from './error.filter';

describe('one error vocabulary', () => {
  it('maps codes to status in one place', () => {
    expect(toErrorBody(new AppError('AUTH.INVALID_CREDENTIALS', 'no')).body).toEqual({
      statusCode: 401,
      code: 'AUTH.INVALID_CREDENTIALS',
      message: 'no',
    });
    expect(toErrorBody(new AppError('REQUEST.VALIDATION_FAILED', 'bad', { a: 'bad' })).body.errors).toEqual({
      a: 'bad',
    });
  });

  it('turns framework errors into the same body', () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /x')).body).toMatchObject({
      statusCode: 404,
      code: 'REQUEST.NOT_FOUND',
    });
  });

  it('hides unexpected failures behind the generic message', () => {
    expect(toErrorBody(new Error('db password is hunter2')).body).toEqual({
      statusCode: 500,
      code: 'INTERNAL.ERROR',
      message: 'Something went wrong',
    });
  });
});

describe('ErrorFilter on a route that typed its answer before failing', () => {
  it('answers the error as JSON in the vocabulary, not a framework code', async () => {
    const app = Fastify();
    const filter = new ErrorFilter();
    app.setErrorHandler((err, req, reply) =>
      filter.catch(err, {
        switchToHttp: () => ({ getResponse: () => reply, getRequest: () => req }),
      } as unknown as ArgumentsHost),
    );
    app.get('/iso', async (_req, reply) => {
      void reply.headers({
        'content-type': 'application/x-iso9660-image',
        'content-disposition': 'attachment; filename="study.iso"',
      });
      throw new AppError('SERVICE.UNAVAILABLE', 'The ISO could not be made');
    });
    const res = await app.inject({ method: 'GET', url: '/iso' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 'SERVICE.UNAVAILABLE', message: 'The ISO could not be made' });
    await app.close();
  });
});
