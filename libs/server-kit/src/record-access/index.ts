export * from './access-policy';
export * from './shared-access-projection';
export * from './rules/owner.rule';
export * from './rules/share-grant.rule';
export * from './rules/viewer-link.rule';
export * from './rules/viewer-token.rule';
export * from './group-membership-projection';
export * from './rules/member.rule';
