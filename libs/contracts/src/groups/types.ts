/** A group of the coordinator's or admin's tabs. */
export interface Group {
  id: string;
  name: string;
  organization_type: { mnemonic: string };
  patientCount: number;
}
