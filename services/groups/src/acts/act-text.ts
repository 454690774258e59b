/**
 * Each act of the logs and of "done on your behalf" in plain English. The groups context's own steps
 * and the acts coordinators do for members in other contexts (the audit actions those write) have
 * their words here; anything else reads as its action's own words.
 */
const TEXT: Record<string, string> = {
  'groups.member-invited': 'Invited a member',
  'groups.invite-resent': 'Sent the invitation again',
  'groups.invite-accepted': 'Accepted the invitation',
  'groups.invite-rejected': 'Rejected the invitation',
  'groups.member-left': 'Left the group',
  'groups.member-removed': 'Removed a member',
  'groups.permissions-changed': 'Changed permissions or expiry',
  'groups.group-info-updated': 'Updated the group information',
  'groups.patient-group-added': 'Added a patient group',
  'groups.account-linked': 'Linked the invitation to the account that proved its address',
  'groups.account-removed': 'Left the group (account removed)',
  'requests.submitted': 'Requested records',
  'requests.providers-emailed': 'Sent a request to a provider',
  'requests.request-read': 'Viewed a records request',
  'requests.unlisted-facility-added': 'Added a facility',
  'requests.coordinator-worklist-read': 'Viewed open requests',
  'records.read': 'Viewed records',
  'records.document-read': 'Viewed a record',
  'records.attachments-read': 'Viewed records',
  'records.attachment-opened': 'Viewed a record',
  'records.file-downloaded': 'Downloaded a record',
  'records.pdf-generated': 'Downloaded a record as PDF',
  'records.self-upload-kept': 'Uploaded a record',
  'records.enhanced-report-requested': 'Asked for an enhanced report',
  'records.enhanced-report-opened': 'Viewed an enhanced report',
  'imaging.stow-stored': 'Uploaded images',
  'imaging.instances-stored': 'Uploaded images',
  'imaging.viewer-token-issued': 'Opened images',
  'imaging.viewer-study-read': 'Viewed images',
  'imaging.instances-retrieved': 'Downloaded images',
  'imaging.metadata-read': 'Viewed images',
  'imaging.rendered-read': 'Viewed images',
  'imaging.thumbnail-read': 'Viewed images',
  'identity.details-saved': 'Changed personal information',
  'identity.images-saved': 'Saved identity documents',
  'identity.family-member-added': 'Added a family member',
  'identity.family-member-updated': 'Changed a family member',
  'identity.family-member-removed': 'Removed a family member',
  'sharing.person-invited': 'Shared records with a person',
  'sharing.person-access-added': 'Shared records with a person',
  'sharing.access-removed': 'Removed access to records',
  'sharing.person-removed': 'Stopped sharing with a person',
  'sharing.expiry-set': 'Changed how long records are shared',
  'sharing.shared-with-facility': 'Shared records with a facility',
  'sharing.viewer-link-saved': 'Made a viewer link',
  'sharing.viewer-link-revoked': 'Revoked a viewer link',
};

/** 'records.enhanced-report-requested' with no words of its own reads 'Enhanced report requested'. */
export const actionText = (action: string): string => {
  const known = TEXT[action];
  if (known) return known;
  const words = (action.split('.').pop() ?? action).replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Did something';
};
