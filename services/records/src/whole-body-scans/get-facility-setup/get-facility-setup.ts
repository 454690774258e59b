import { Injectable } from '@nestjs/common';
import type { ProviderScanSetup } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { FacilityRepository } from '../facility.repository';
import { FacilityStaff } from '../facility-staff';
import { toFindingType } from '../scan.mapper';

/** GET wholeBodyScanFacility/setup: the caller's whole-body-scan facilities with their finding types; staff of none: 403. */
@Injectable()
export class GetFacilitySetup {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly staff: FacilityStaff,
    private readonly facilities: FacilityRepository,
  ) {}

  async execute(callerId: string): Promise<ProviderScanSetup> {
    const mine = await this.staff.facilitiesOf(this.kit.db, callerId);
    const types = await this.facilities.findingTypes(
      this.kit.db,
      mine.map((f) => f.custodian_id),
    );
    return {
      facilities: mine.map((f) => ({
        id: f.custodian_id,
        name: f.name,
        finding_types: types.filter((t) => t.custodian_id === f.custodian_id).map(toFindingType),
      })),
    };
  }
}
