import { UserEntity } from './user.entity';
import { UserRoleEntity } from './user-role.entity';
import { PersonEntity } from './person.entity';
import { FamilyMemberEntity } from './family-member.entity';
import { RefreshTokenEntity } from './refresh-token.entity';
import { SigningKeyEntity } from './signing-key.entity';
import { PasswordTokenEntity } from './password-token.entity';
import { FeatureSettingEntity } from './feature-setting.entity';

export { UserEntity, UserRoleEntity, PersonEntity, FamilyMemberEntity, RefreshTokenEntity, SigningKeyEntity, PasswordTokenEntity, FeatureSettingEntity };
export const AUTH_ENTITIES = [UserEntity, UserRoleEntity, PersonEntity, FamilyMemberEntity, RefreshTokenEntity, SigningKeyEntity, PasswordTokenEntity, FeatureSettingEntity];
