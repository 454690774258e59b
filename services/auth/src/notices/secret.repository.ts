import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

/** All SQL on the auth context's stored keys (auth.secrets, made by its migrations). */
@Injectable()
export class SecretRepository {
  all(db: Queryable): Promise<Array<{ name: string; value: string }>> {
    return db.query(`SELECT name, value FROM auth.secrets`);
  }
}
