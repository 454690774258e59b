import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ schema: 'auth', name: 'feature_settings' })
export class FeatureSettingEntity {
  @PrimaryColumn('text') name: string;
  @Column('boolean') value: boolean;
}
