import { Injectable } from '@nestjs/common';
import type { ScanPatientChoice } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { FacilityRepository } from '../facility.repository';
import { FacilityStaff } from '../facility-staff';

/** At most this many patients answer one search. */
export const PATIENT_SEARCH_LIMIT = 50;

/**
 * GET wholeBodyScanFacility/patients?search=: the patients of requests at the caller's facilities with
 * something delivered (a study or a document), by name, each with their scans there (a new one may link
 * to the latest). Staff of none: 403. Audited (patients' names are read).
 */
@Injectable()
export class SearchScanPatients {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly staff: FacilityStaff,
    private readonly facilities: FacilityRepository,
  ) {}

  async execute(callerId: string, search: string, caller: Caller): Promise<ScanPatientChoice[]> {
    const custodianIds = await this.staff.custodianIdsOf(this.kit.db, callerId);
    const rows = await this.facilities.searchPatients(
      this.kit.db,
      custodianIds,
      search.trim(),
      PATIENT_SEARCH_LIMIT,
    );
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.wbs-patients-searched',
      resourceType: 'custodian',
      resourceId: custodianIds.join(','),
      detail: { results: rows.length },
    });
    return rows.map((r) => ({
      patient_request_id: r.id,
      custodian_id: r.custodian_id,
      first_name: r.first_name,
      last_name: r.last_name,
      // The records context keeps no date of birth (the requests context owns it).
      date_of_birth: null,
      prior_scans: r.prior_scans ?? [],
    }));
  }
}
