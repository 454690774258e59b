import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { SmartFhirSourceConfig } from '@portal/contracts';
import { CONFIG, FacilitySourceClient, type PortalConfig } from '@portal/server-kit';
import { loadFhirDefinitions } from './sources/fhir-validation';

/** The facility systems of this deployment (SMART_FHIR_SOURCES) and the one client that talks to them (it keeps their tokens). */
@Injectable()
export class SmartFhirSources implements OnModuleInit {
  readonly client = new FacilitySourceClient();

  constructor(@Inject(CONFIG) private readonly config: PortalConfig) {}

  /** The FHIR definitions are indexed at start when a FHIR source exists, not during a patient's query. */
  onModuleInit(): void {
    if (this.all().some((s) => s.kind === 'fhir')) loadFhirDefinitions();
  }

  all(): SmartFhirSourceConfig[] {
    return this.config.smartFhirSources;
  }

  byId(id: string): SmartFhirSourceConfig | undefined {
    return this.all().find((s) => s.id === id);
  }
}
