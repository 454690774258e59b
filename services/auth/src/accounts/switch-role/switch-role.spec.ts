import type { LoginResponse } from '@portal/contracts';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { SessionService } from '../../sessions/session.service';
import type { Account, UserRepository } from '../user.repository';
import { SwitchRole } from './switch-role';
import { patientAccount, patientClaims } from '../../../test/fixtures';

describe('SwitchRole', () => {
  const claims = patientClaims({ roles: ['PATIENT', 'MEDICAL_COORDINATOR'] });
  const user = patientAccount({ roles: ['PATIENT', 'MEDICAL_COORDINATOR'] });
  const signed = {
    token: 'access-coordinator',
    refresh_token: '',
    expiryTime: 1,
    userId: 'u1',
    challenge: null,
  } as unknown as LoginResponse;

  const setup = (found: Account | null) => {
    const fake = fakeUseCaseKit();
    const findById = jest.fn().mockResolvedValue(found);
    const setActiveRole = jest.fn();
    const answer = jest.fn().mockResolvedValue(signed);
    const useCase = new SwitchRole(
      fake.kit,
      stub<UserRepository>({ findById, setActiveRole }, 'users'),
      stub<SessionService>({ answer }, 'sessions'),
    );
    return { fake, findById, setActiveRole, answer, useCase };
  };

  it('makes a held role the active one and answers a new access token for the same session, without a refresh token', async () => {
    const { fake, findById, setActiveRole, answer, useCase } = setup(user);
    const result = await useCase.execute(claims, 'MEDICAL_COORDINATOR');
    expect(findById).toHaveBeenCalledWith(fake.kit.db, 'u1');
    expect(setActiveRole).toHaveBeenCalledWith(fake.kit.db, 'u1', 'MEDICAL_COORDINATOR');
    expect(answer).toHaveBeenCalledWith({ ...user, activeRole: 'MEDICAL_COORDINATOR' }, '', 's1');
    expect(result).toEqual({ token: 'access-coordinator', expiryTime: 1, userId: 'u1', challenge: null });
    expect(result).not.toHaveProperty('refresh_token');
  });

  it.each(['GROUP_ADMIN', 'ROOT', ''])(
    'refuses the role %p the user does not hold with 403 and changes nothing',
    async (role) => {
      const { setActiveRole, answer, useCase } = setup(user);
      await expect(useCase.execute(claims, role)).rejects.toMatchObject({
        code: 'AUTH.FORBIDDEN',
        status: 403,
        message: 'You do not have access to this resource',
      });
      expect(setActiveRole).not.toHaveBeenCalled();
      expect(answer).not.toHaveBeenCalled();
    },
  );

  it('answers 404 when the account is gone', async () => {
    const { setActiveRole, useCase } = setup(null);
    await expect(useCase.execute(claims, 'PATIENT')).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      status: 404,
      message: 'User not found',
    });
    expect(setActiveRole).not.toHaveBeenCalled();
  });
});
