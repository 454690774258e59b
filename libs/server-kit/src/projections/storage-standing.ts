import { Inject, Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BILLING_MESSAGES } from '@portal/contracts';
import { contextToken } from '../tokens';
import type { Queryable } from '../database/sql';
import { AppError } from '../errors/app-error';
import type { ContextEvents } from '../events/context-events';
import { upsertIfNewer } from './versioned-upsert';

/**
 * Issue 30 (decision 0031): a context that stores what a patient uploads keeps billing's answer to
 * "are this patient's new uploads taken?" (`billing.storage-standing-changed`, at its version) and
 * asks it before a new upload only. Nothing that reads, downloads, shares or exports ever asks: a
 * lapsed plan pauses new storage and never locks anyone out of what is stored. No row: open.
 */
export const storageStandingMigration = (schema: string): Type<MigrationInterface> => {
  const name = `${schema}StorageStanding1767700000000`;
  class StorageStanding implements MigrationInterface {
    name = name;
    async up(q: QueryRunner): Promise<void> {
      await q.query(
        `CREATE TABLE ${schema}.storage_standing (user_id uuid PRIMARY KEY, storage_open boolean NOT NULL,
          past_due boolean NOT NULL DEFAULT false, version bigint NOT NULL)`,
      );
    }
    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE ${schema}.storage_standing`);
    }
  }
  Object.defineProperty(StorageStanding, 'name', { value: name });
  return StorageStanding;
};

export const storageStandingConsumer = (schema: string): Type<OnModuleInit> => {
  @Injectable()
  class StorageStandingConsumer implements OnModuleInit {
    constructor(
      @Inject(contextToken(schema)) private readonly kit: { events: Pick<ContextEvents, 'consume'> },
    ) {}
    onModuleInit(): Promise<void> {
      return this.kit.events.consume(
        'storage-standing',
        ['billing.storage-standing-changed'],
        async ({ payload }, tx) => {
          await upsertIfNewer(tx, `${schema}.storage_standing`, ['user_id'], {
            user_id: payload.userId,
            storage_open: payload.storageOpen,
            past_due: payload.pastDue ?? false,
            version: payload.version,
          });
        },
      );
    }
  }
  Object.defineProperty(StorageStandingConsumer, 'name', { value: `${schema}StorageStandingConsumer` });
  return StorageStandingConsumer;
};

export interface StorageStandingView {
  open: boolean;
  pastDue: boolean;
}

/** What billing last said of this patient's storage; no word yet: open. */
export const storageStandingOf = async (
  db: Queryable,
  schema: string,
  userId: string,
): Promise<StorageStandingView> => {
  const [row] = await db.query(
    `SELECT storage_open AS open, past_due AS "pastDue" FROM ${schema}.storage_standing WHERE user_id = $1`,
    [userId],
  );
  return (row as StorageStandingView | undefined) ?? { open: true, pastDue: false };
};

/** A new upload of this patient's is refused, with the reason and what still works, while their plan has lapsed. */
export const assertStorageOpen = async (db: Queryable, schema: string, userId: string): Promise<void> => {
  if (!(await storageStandingOf(db, schema, userId)).open)
    throw new AppError('SUBSCRIPTION.REQUIRED', BILLING_MESSAGES.storagePaused);
};

/** The gate a context that stores uploads asks before a new one (injected, so a unit spec stubs it). */
export const STORAGE_GATE = Symbol('StorageGate');
export interface StorageGate {
  /** Throws SUBSCRIPTION.REQUIRED while the patient's storage is paused. */
  assertOpen(userId: string): Promise<void>;
  /** What billing last said (the library's banners). */
  standing(userId: string): Promise<StorageStandingView>;
}

export const storageGateProvider = (schema: string) => ({
  provide: STORAGE_GATE,
  inject: [contextToken(schema)],
  useFactory: (kit: { db: Queryable }): StorageGate => ({
    assertOpen: (userId) => assertStorageOpen(kit.db, schema, userId),
    standing: (userId) => storageStandingOf(kit.db, schema, userId),
  }),
});
