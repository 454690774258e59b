import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type ContextKit, InjectContext, notFound, Public } from '@portal/server-kit';

interface CustodianRow {
  id: string;
  name: string;
  primary_address: string;
  city: string;
  state_name: string;
  state: string;
  postcode: string;
  phone: string | null;
  website: string | null;
  description: string | null;
  is_mrn_compulsory: boolean;
  theme: string;
}

/** The facility (custodian) shape of the spec. */
export const toCustodian = (r: CustodianRow) => ({
  id: r.id,
  name: r.name,
  address: { primary_address: r.primary_address, city: { name: r.city, state_name: r.state_name }, state: r.state, postcode: r.postcode },
  isMRNCompulsory: r.is_mrn_compulsory,
  description: r.description,
  phone: r.phone,
  website: r.website,
  theme: r.theme,
  aliases: [] as Array<{ id: string; name: string; organization_id: string }>,
});

@ApiTags('requests')
@Controller('facility')
export class CustodiansController {
  constructor(@InjectContext('requests') private readonly kit: ContextKit) {}

  /** GET /api/facility/getCustodians?filterStr=&zipCode=: facility search of the landing page. */
  @Public()
  @Get('getCustodians')
  async getCustodians(@Query('filterStr') filterStr = '', @Query('zipCode') zipCode?: string) {
    const term = filterStr.trim().slice(0, 100);
    const rows: CustodianRow[] = await this.kit.ds.query(
      `SELECT * FROM requests.custodians
       WHERE ($1 = '' OR name ILIKE '%' || $1 || '%' OR city ILIKE '%' || $1 || '%') AND ($2::text IS NULL OR postcode = $2)
       ORDER BY public.similarity(name, $1) DESC, name LIMIT 20`,
      [term, zipCode?.trim() || null],
    );
    return rows.map(toCustodian);
  }

  @Public()
  @Get('getCustodiansDetails/:id')
  async details(@Param('id', new ParseUUIDPipe()) id: string) {
    const [row]: CustodianRow[] = await this.kit.ds.query(`SELECT * FROM requests.custodians WHERE id = $1`, [id]);
    if (!row) throw notFound('Custodian');
    return toCustodian(row);
  }
}
