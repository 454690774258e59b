import { Injectable } from '@nestjs/common';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { Secrets } from '../notices/secrets';
import { UsedChallengeRepository } from './used-challenge.repository';

const CHALLENGE_MINUTES = 10;

/**
 * ALTCHA proof of work, self-hosted (decision 0009): SHA-256 with a counter between 5,000 and 50,000,
 * a fraction of a second in a browser, signed so the server needs no state until a solution comes
 * back; a solved challenge is then remembered until it expires, so it works once.
 */
@Injectable()
export class BotCheck {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly secrets: Secrets,
    private readonly used: UsedChallengeRepository,
  ) {}

  challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(50_000, 5_000),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      hmacSignatureSecret: this.secrets.get('altcha'),
      hmacKeySignatureSecret: `${this.secrets.get('altcha')}:key`,
    });
  }

  /** Whether a widget payload (base64 JSON of challenge and solution) solves a challenge of ours not used before. */
  async passes(payload: string): Promise<boolean> {
    let decoded: { challenge: Challenge; solution: Solution };
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    } catch {
      return false;
    }
    if (!decoded?.challenge?.signature || !decoded.solution) return false;
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: this.secrets.get('altcha'),
      hmacKeySignatureSecret: `${this.secrets.get('altcha')}:key`,
    }).catch(() => ({ verified: false }));
    if (!result.verified) return false;
    return this.used.claim(this.kit.db, decoded.challenge.signature, CHALLENGE_MINUTES);
  }
}
