import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

/** All SQL on solved bot-check challenges, remembered until they expire so each works once. */
@Injectable()
export class UsedChallengeRepository {
  /** Claims a challenge signature; false when it was claimed before. Expired claims are swept first. */
  async claim(db: Queryable, signature: string, minutes: number): Promise<boolean> {
    await db.query(`DELETE FROM auth.used_challenges WHERE expires_at < now()`);
    const fresh: unknown[] = await db.query(
      `INSERT INTO auth.used_challenges (signature, expires_at) VALUES ($1, now() + make_interval(mins => $2)) ON CONFLICT DO NOTHING RETURNING signature`,
      [signature, minutes],
    );
    return fresh.length === 1;
  }
}
