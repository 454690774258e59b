import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext } from '@portal/server-kit';

@ApiTags('imaging')
@Controller('dicomweb')
export class StudiesController {
  constructor(@InjectContext('imaging') private readonly kit: ContextKit) {}

  /** QIDO-RS style study search over the caller's own instances (DICOM JSON attributes). */
  @Get('studies')
  async studies(@CurrentUser() user: CurrentUserClaims) {
    const rows: Array<{ study: string; modality: string; description: string; date: string | null; n: number }> = await this.kit.ds.query(
      `SELECT study_instance_uid AS study, min(modality) AS modality, min(study_description) AS description, min(study_date)::text AS date, count(*)::int AS n
       FROM imaging.instances WHERE user_id = $1 GROUP BY study_instance_uid ORDER BY min(study_date) DESC NULLS LAST`,
      [user.sub],
    );
    return rows.map((r) => ({
      '0020000D': { vr: 'UI', Value: [r.study] },
      '00080061': { vr: 'CS', Value: [r.modality] },
      '00081030': { vr: 'LO', Value: [r.description] },
      '00080020': { vr: 'DA', Value: r.date ? [r.date.replace(/-/g, '')] : [] },
      '00201208': { vr: 'IS', Value: [r.n] },
    }));
  }
}
