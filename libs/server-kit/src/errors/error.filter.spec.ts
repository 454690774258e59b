import { NotFoundException } from '@nestjs/common';
import { AppError } from './app-error';
import { toErrorBody } from './error.filter';

describe('one error vocabulary', () => {
  it('maps codes to status in one place', () => {
    expect(toErrorBody(new AppError('AUTH.INVALID_CREDENTIALS', 'no')).body).toEqual({ statusCode: 401, code: 'AUTH.INVALID_CREDENTIALS', message: 'no' });
    expect(toErrorBody(new AppError('REQUEST.VALIDATION_FAILED', 'bad', { a: 'bad' })).body.errors).toEqual({ a: 'bad' });
  });

  it('turns framework errors into the same body', () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /x')).body).toMatchObject({ statusCode: 404, code: 'REQUEST.NOT_FOUND' });
  });

  it('hides unexpected failures behind the generic message', () => {
    expect(toErrorBody(new Error('db password is hunter2')).body).toEqual({ statusCode: 500, code: 'INTERNAL.ERROR', message: 'Something went wrong' });
  });
});
