import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';
import { type FacilityRow, FacilityRepository } from './facility.repository';
import { notScanFacilityStaff } from './whole-body-scans.errors';

/**
 * Who may act for a whole-body-scan facility: its staff (provider.staff-assigned), and only for the
 * facilities flagged as doing whole body scans. Staff of none: 403, before anything is read.
 */
@Injectable()
export class FacilityStaff {
  constructor(private readonly facilities: FacilityRepository) {}

  async facilitiesOf(db: Queryable, userId: string): Promise<FacilityRow[]> {
    const rows = await this.facilities.staffFacilities(db, userId);
    if (!rows.length) throw notScanFacilityStaff();
    return rows;
  }

  async custodianIdsOf(db: Queryable, userId: string): Promise<string[]> {
    return (await this.facilitiesOf(db, userId)).map((f) => f.custodian_id);
  }
}
