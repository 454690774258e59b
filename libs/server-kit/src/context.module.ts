import {
  storageGateProvider,
  storageStandingConsumer,
  storageStandingMigration,
} from './projections/storage-standing';
import {
  Controller,
  type DynamicModule,
  Get,
  Inject,
  type ModuleMetadata,
  Res,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type Provider,
  type Type,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { DataSource } from 'typeorm';
import { CONFIG, contextToken, DATABASE_URL, EVENT_BUS } from './tokens';
import { databaseTimeouts, type PortalConfig } from './config';
import { healthStatus, probe, sendHealth, supervisedDatabase, type HealthReport } from './health';
import { createContextDataSource, type ContextDatabaseOptions, type Tx } from './database/data-source';
import type { Queryable } from './database/sql';
import { ContextEvents } from './events/context-events';
import type { EventBus } from './events/bus';
import { ContextAudit } from './audit/audit';
import { Public } from './auth/decorators';
import {
  groupMembershipsConsumer,
  groupMembershipsMigration,
} from './record-access/group-membership-projection';

/**
 * What a use case needs of its context: a transaction (that wakes the outbox relay once it commits),
 * events written inside it, and the audit log. Unit specs give a use case fakeUseCaseKit() instead.
 */
export interface UseCaseKit {
  transaction<R>(work: (tx: Tx) => Promise<R>): Promise<R>;
  /** The pool, for a single write that needs no transaction of its own (an audit row of a refusal). */
  readonly db: Queryable;
  readonly events: Pick<ContextEvents, 'record'>;
  readonly audit: Pick<ContextAudit, 'record'>;
}

/** Everything one bounded context owns at run time: its DataSource, outbox events and audit log. */
export class ContextKit implements UseCaseKit, OnApplicationBootstrap, OnModuleDestroy {
  readonly events: ContextEvents;
  readonly audit: ContextAudit;

  constructor(
    readonly name: string,
    readonly ds: DataSource,
    bus: EventBus,
  ) {
    this.events = new ContextEvents(name, ds, bus);
    this.audit = new ContextAudit(name, this.events);
  }

  get db(): Queryable {
    return this.ds;
  }

  /** A change in one transaction; events recorded in it are published once it has committed. */
  transaction<R>(work: (tx: Tx) => Promise<R>): Promise<R> {
    return this.events.transaction(work);
  }

  onApplicationBootstrap(): void {
    this.events.startRelay();
  }

  async onModuleDestroy(): Promise<void> {
    this.events.stopRelay();
    if (this.ds.isInitialized) await this.ds.destroy();
  }

  /** Health of this context: its database answers (within a bound) and its event bus is connected. */
  async health(): Promise<HealthReport & { context: string }> {
    const database = await probe(() => this.ds.query('SELECT 1'));
    const events = this.events.busUp() ? 'up' : 'down';
    return {
      status: healthStatus(database, events),
      context: this.name,
      database,
      events,
      ...supervisedDatabase(),
    };
  }
}

/** Injects the ContextKit of a context by name. */
export const InjectContext = (name: string): ParameterDecorator => Inject(contextToken(name));

export interface ContextDefinition extends Pick<ModuleMetadata, 'imports' | 'exports'> {
  name: string;
  entities: ContextDatabaseOptions['entities'];
  migrations: ContextDatabaseOptions['migrations'];
  controllers: Type[];
  providers: Provider[];
  /**
   * The context has routes a coordinator may call for a group member (@ActFor): it keeps its own copy of
   * the groups' memberships (a migration and a consumer are added), which the member rule reads.
   */
  actingForMembers?: boolean;
  /**
   * Issue 30: the context stores what patients upload, so it keeps billing's storage standing (a
   * migration and a consumer are added) and asks assertStorageOpen before a new upload.
   */
  storesUploads?: boolean;
}

const healthController = (name: string): Type => {
  @ApiTags(name)
  @Controller(name)
  class ContextHealthController {
    constructor(
      @InjectContext(name) private readonly kit: ContextKit,
      @Inject(CONFIG) private readonly config: PortalConfig,
    ) {}
    @Public()
    @Get('health')
    async health(@Res() reply: FastifyReply) {
      return sendHealth(reply, await this.kit.health(), this.config.supportApiKey);
    }
  }
  Object.defineProperty(ContextHealthController, 'name', { value: `${name}HealthController` });
  return ContextHealthController;
};

/** Builds the Nest module of one bounded context; the same module runs alone or inside the gateway. */
export const defineContext = (def: ContextDefinition): DynamicModule & { contextName: string } => {
  class ContextModuleHost {}
  Object.defineProperty(ContextModuleHost, 'name', { value: `${def.name}ContextModule` });
  return {
    contextName: def.name,
    module: ContextModuleHost,
    imports: def.imports ?? [],
    controllers: [healthController(def.name), ...def.controllers],
    providers: [
      {
        provide: contextToken(def.name),
        inject: [DATABASE_URL, CONFIG, EVENT_BUS],
        useFactory: async (url: string, config: PortalConfig, bus: EventBus) =>
          new ContextKit(
            def.name,
            await createContextDataSource(url, {
              schema: def.name,
              entities: def.entities,
              migrations: [
                ...(def.migrations as Type[]),
                ...(def.actingForMembers ? [groupMembershipsMigration(def.name)] : []),
                ...(def.storesUploads ? [storageStandingMigration(def.name)] : []),
              ],
              poolSize: config.dbPoolSize,
              timeouts: databaseTimeouts(config),
            }),
            bus,
          ),
      },
      ...def.providers,
      ...(def.actingForMembers ? [groupMembershipsConsumer(def.name)] : []),
      ...(def.storesUploads ? [storageStandingConsumer(def.name), storageGateProvider(def.name)] : []),
    ],
    exports: [contextToken(def.name), ...(def.exports ?? [])],
  };
};
