/**
 * The message catalogue: every text the spec quotes, word for word, shared by front and back.
 * Keys say where a text is used; values must not be reworded.
 */
export const MESSAGES = {
  // validation: email and login
  validEmailAddress: 'Please enter a valid email address',
  enterValidEmail: 'Enter a valid email',
  pleaseEnterValidEmail: 'Please enter a valid email',
  pleaseEnterValidEmailDot: 'Please enter a valid email.',
  loginUserEmail: 'Please provide a valid user email',
  loginPassword: 'Please provide a valid password',
  // required
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone is required',
  addressRequired: 'Address is required',
  dateOfBirthRequired: 'Date of birth is required',
  timeZoneRequired: 'Time zone is required',
  emailRequired: 'Email is required',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  confirmPasswordRequired: 'Confirm password is required',
  countryRequired: 'Country is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  postcodeRequired: 'Postcode is required',
  custodianRequired: 'Custodian is required',
  /** Not in the spec (issue 24, the facility a patient names). */
  facilityNameRequired: 'Facility name is required',
  unlistedFacilityUsed:
    'This facility entry already has a request. Enter the facility again for a new request.',
  /** Not in the spec (issue 30, a facility's fee for a records request). */
  requestFeeWholeCents: 'The request fee is a whole number of cents (0 for none)',
  requestFeeTooHigh: 'The request fee is at most $1,000.00',
  requestFeeUnpaid: 'The facility receives this request once its fee is paid',
  selectRelationship: 'Please select relationship to you',
  specifyRelationship: 'Please specify relationship with you',
  // other validation
  dateOfBirthFuture: 'Date of birth cannot be in the future.',
  validPhone: 'Please enter a valid phone number.',
  onlyLetters: 'Only letters are allowed',
  invalidMonth: 'Invalid month',
  invalidDay: 'Invalid day for MM/YYYY',
  invalidYear: 'Year must be between 1900 and the current year',
  fieldRequired: 'This field is required',
  dateFuture: 'Date cannot be in the future',
  passwordMinLength: 'Password must be at least 8 characters long',
  passwordHelper: 'At least 1 number, 1 upper case letter and 1 special character',
  passwordsMustMatch: 'Passwords must match',
  consentRequired: 'You must provide consent in order to request your records',
  // the wizard's own words where the spec names a rule but not its text
  photoIdRequired: 'Please upload a photo ID',
  legalDocsRequired: 'Please upload at least one legal document',
  signatureRequired: 'Please sign in the box',
  electronicSignatureRequired: 'Please agree to sign electronically',
  legallyAuthorisedRequired: 'Please confirm that you are legally authorised',
  mrnRequired: 'MRN is required',
  onlyImages: 'Please choose a png, jpg, jpeg or webp image',
  onlyPdf: 'Only PDF files are allowed',
  chooseValidImage: 'Please choose a valid image',
  // outcomes
  emailTaken: 'This email address is already associated with an account',
  emailNotFound: 'This email address is not associated with any account. Create a new account.',
  linkNoLongerValid: 'Link No Longer Valid',
  linkExpiredText:
    'The link you followed has exceeded its expiration. Please check your email for a new link or restart the process.',
  forgotPasswordTokenExpired: 'The forgot password token has expired',
  invalidLoginAsToken: 'Invalid token!!!!',
  timezonesFailed: 'Unable to fetch timezones. Please try again later!',
  uploadFailed: 'Request failed. Try again later!',
  passwordChanged: 'Your password has been changed successfully',
  personalInfoSaved: 'Your personal information has been updated...',
  emailChangeSent: "We've sent a confirmation link to your new email. Please confirm to finish the update.",
  notificationSaved: 'Notification Setting has been updated...',
  resetEmailSent: 'We have sent you an email containing a link to reset your password.',
  profileUpdated: 'Profile updated successfully.',
  requestGenerated: 'Patient request has been generated successfully',
  /** Our own words (the spec names the Smart FHIR page's states, not their texts). */
  smartFhirInProgress: 'Searching the facilities for your imaging studies…',
  smartFhirNoStudies: 'No imaging studies were found at the facilities we can reach.',
  smartFhirNoSources: 'None of your facilities can be searched yet.',
  smartFhirConfirm: 'Request this study from {facility}? The request is added to your Open Requests.',
  smartFhirSourceUnavailable: 'This facility could not be searched right now.',
  smartFhirSourceTimedOut: 'This facility did not answer in time.',
  smartFhirPollingFailed: 'Checking this facility failed; it was stopped.',
  /** Our own words: the confirm dialog's line for a study the facility's system can deliver itself (can_move). */
  smartFhirCanMove: 'This study will be brought into My Records automatically.',
  // SMART apps, Connected apps and Download everything (issue 29): our own words, the spec has none
  smartConsentReadOnly:
    'The app can only read what you allow here. It can never change or delete anything in your records.',
  smartConsentRevokeAnyTime: 'You can revoke its access at any time in Settings, under Connected apps.',
  smartConsentRequired: 'Needed: the app cannot work without it',
  smartConsentExpired:
    'This request has expired or was already answered. Go back to the app and connect again.',
  smartConsentReturning: 'Taking you back to the app…',
  connectedAppsIntro: 'The apps you allowed to read your records. Revoke an app and it loses access at once.',
  noConnectedApps: 'No apps are connected to your records.',
  connectedAppsHow:
    'An app connects when you choose this portal in the app, sign in here and press Allow on the screen that asks you.',
  appNotReadYet: 'Has not read anything yet',
  appReadsUnavailable: 'What this app has read could not be loaded.',
  appOffline: 'It keeps access while you are signed out, until you revoke it.',
  appRevoked: 'Access revoked. The app can no longer read your records.',
  backupIntro:
    'Download everything saves all of your records as FHIR NDJSON files, the standard format other health apps and systems read: one file for each kind of record, one record on each line.',
  backupImagesNote:
    'The files describe your imaging studies; the images themselves come as DICOM zip files below once your backup is ready, the same files a facility sends.',
  backupNone: 'You have not downloaded your records yet.',
  backupInProgress: 'Preparing your files. This page updates by itself.',
  backupFailed: 'Your files could not be prepared. Please try again.',
  backupNoChanges: 'Nothing has changed since your last backup.',
  providersEmailed: 'Request to send emails to external providers has been submitted successfully',
  personEntryNotFound: 'Person entry not found',
  somethingWentWrong: 'Something went wrong',
  /** Our own words: a value the database refuses (a NUL byte, a malformed id, a number out of range). */
  valueNotAccepted: 'A value in the request is not valid',
  /** Our own words, for requests Node's HTTP parser refuses before any route sees them. */
  headersTooLarge: 'The address or headers of the request are too long',
  malformedRequest: 'The request is not valid HTTP',
  requestTimeout: 'The request did not arrive in time',
  somethingWentWrongRetry: 'Something went wrong, please try again.',
  loading: 'Please, wait while we are loading....',
  entrySaved: 'Entry has been saved successfully',
  entryDeleted: 'Entry has been deleted successfully',
  optedOut: "You've opted out",
  invalidToken: 'Invalid token',
  recaptchaFailed: 'Failed to verify reCAPTCHA',
  recaptchaUnavailable: 'reCAPTCHA not available',
  // outcomes the spec implies but does not word
  currentPasswordIncorrect: 'Current password is incorrect',
  emailUpdated: 'Your email address has been updated. Please sign in with your new email.',
  sameEmail: 'This is already your email address',
  accountRemovalSent: 'We have sent you an email with a link to confirm the removal of your account.',
  accountRemoved: 'Your account has been removed.',
  unsubscribeQuestion: 'Do you want to stop receiving emails from us?',
  optedOutText:
    'You will no longer receive notification emails from us. You can turn them back on in your notification settings.',
  phoneLoginSent: 'If an account uses this phone number, we have sent a sign-in link to its email address.',
  setPasswordSent: 'We have sent you an email with a link to set your password.',
  // proving an address (our own words: the spec has no texts for it)
  emailVerified: 'Your email address is confirmed.',
  verificationSent: 'We have sent you a new link. Please check your email.',
  emailAlreadyVerified: 'Your email address is already confirmed.',
  confirmEmailTitle: 'Please confirm your email address',
  confirmEmailNotice:
    'Records shared with you appear once you confirm your email address with the link we sent you.',
  sendLinkAgain: 'Send the link again',
  invitationNeedsProof:
    'If your email address is not confirmed yet, the records appear once you confirm it with the link we sent you.',
  // provider area (records spec §8)
  requestRejected: 'Request rejected successfully',
  rejectionCancelled: 'Request Rejection Cancelled',
  documentDeleted: 'Document Deleted Successfully',
  markedUploaded: 'Patient request has been marked as uploaded successfully',
  recordsUploaded: 'Your records were uploaded successfully.',
  /** Our own words for the reject form (the spec only says a reason, and notes for OTHER, are required). */
  rejectReasonRequired: 'Please select a reason',
  rejectNotesRequired: 'Please add a note for the reason',
  noDataRequests: 'No data requests yet',
  // the upload dialog (records spec §5)
  selectPatientName: 'Please select patient name',
  recordNameRequired: 'Please give record a name',
  cannotStartWithSpace: 'Cannot start with a space',
  yearMustBeNumber: 'Year must be a number',
  yearMustBeInteger: 'Year must be an integer',
  yearNotBefore1900: 'Year cannot be earlier than 1900',
  yearRequired: 'Year is required',
  imagingFileType: 'Imaging can only be a .dcm or .zip file',
  reportsFileType: 'Reports can only be a .pdf file',
  noFileSelected: 'No file selected',
  invalidFileType: 'Invalid file type',
  /** Our own words: the spec allows one file per upload but words no message. */
  oneFilePerUpload: 'Only one file can be uploaded at a time',
  /** Our own words: the month is chosen from a list. */
  monthRequired: 'Month is required',
  // the library (records spec §2.3, §8)
  noContentInGrid: 'No content with that keyword in this grid',
  /** Our own words for the spec's "no favourites" empty state. */
  noFavourites: "You don't have any favourites yet",
  /** Our own words for the spec's "no trusted providers" empty state. */
  noTrustedProviders: 'No one has shared records with you yet',
  enhancedReportTimedOut: 'Operation timed out. Please try again or contact your administrator.',
  unableToLoadFile: 'Unable to load file.',
  errorFetchingImages: 'Error fetching images',
  errorLoadingImages: 'Error loading images',
  imageBeingFetched: "Image is being fetched and we'll let you know when it is ready",
  // the public viewer page (records spec §2.7, §8)
  viewerPasswordTitle: "Enter the password from the patient's form",
  viewerPasswordSubText: 'Once the patient is verified, the records can be viewed and downloaded.',
  /** Our own words for a failed password validation (the spec shows the server's message). */
  viewerPasswordWrong: "The password is not correct. Please check the patient's form and try again.",
  /** Our own words: the link was revoked, expired or never existed (all answer alike). */
  viewerLinkUnavailable: 'This link is no longer available. Please ask the patient for a new one.',
  /** Our own words for a failed Download All without a server message. */
  viewerDownloadFailed: 'The download could not be prepared. Please try again.',
  /** Our own words: a stored file that is not DICOM, or a damaged member of a zip. */
  damagedDicom: 'This file is damaged or is not a DICOM file we can read.',
  storageQuotaExceeded:
    'Your storage is full: this image was not kept. Remove records you no longer need, then try again.',
  // sharing (records spec §2.5, §5, §8)
  inviteValidEmail: 'enter a valid email',
  onlyAlphabets: 'only alphabets allowed',
  selectAtLeastOneItem: 'select at least one item',
  /** Our own words: the invite form's access type is required (the spec gives it its own message, unquoted). */
  accessTypeRequired: 'Please choose what the person can see',
  noteMaxLength: 'Max length is 200 characters',
  typeAtLeast3Letters: 'Please type at least 3 letters',
  reportSharedSuccessfully: 'Report Shared Successfully',
  filesSharedSuccessfully: 'Files shared to the recipients list successfully',
  /** Our own words: the print tab's instruction (the spec: print the page and hand it to the provider). */
  printAccessPageInstruction:
    'Print this page and hand it to your provider. It holds a link to your images and the password that opens it.',
  /** Our own words: the download tab (the spec: an ISO named from the patient's name, DICOM imaging plus a viewer). */
  downloadIsoInstruction:
    'The ISO file is named after the patient. It holds the DICOM images and a viewer that opens in a web browser.',
  /** Our own words: burning the ISO to a disc or copying it to a USB stick. */
  burnDiscInstruction:
    'Burn the ISO file to a CD or DVD, or copy it to a USB stick, and give it to your provider.',
  /** Our own words for the people list with nobody in it. */
  noSharedPeople: 'You are not sharing your records with anyone yet',
  /** Our own words: Remove Access succeeded. */
  accessRemoved: 'Access removed',
  /** Our own words: the dialog asking before access is removed. */
  removeAccessConfirm: 'This person will no longer see the records you shared with them.',
  /** Our own words: the confirmation before one record is taken from a person. */
  removeRecordAccessConfirm: 'This person will no longer see this record.',
  /** Our own words: the person shared with left the share. */
  shareLeft: 'You no longer see these records',
  /** Our own words: the confirmation before a public link stops working. */
  revokeLinkConfirm: 'Anyone with this link will no longer be able to open these images.',
  /** Our own words: a public link was revoked. */
  linkRevoked: 'Link revoked',
  /** Issue 29, our own words: the Share dialog's SMART Health Link tab. */
  healthLinkExplanation:
    'A link any SMART Health Links app can open: it carries your images as FHIR, protected by a passcode you give the person you share with.',
  healthLinkGivePasscode: 'Give the passcode separately.',
  /** Issue 29, our own words: under the QR code of the printed access page. */
  accessPageHealthLinkNote:
    'Also a SMART Health Link: apps that support it can open it with the same password.',
  /** Our own words: a link was copied to the clipboard, or could not be. */
  linkCopied: 'Link copied',
  linkNotCopied: 'The link could not be copied. Select it and copy it yourself.',
  /** Our own words: an invitation link used with another e-mail address. */
  invitationEmailMismatch: 'This invitation was sent to another e-mail address.',
  /** Our own words: an invitation link that expired or was withdrawn. */
  invitationUnavailable: 'This invitation is no longer valid. Please ask the patient to share again.',
  /** Our own words: the person is already in the list. */
  alreadySharedWith: 'You already share records with this person.',
  /** Our own words: sharing a record that is not the caller's, or with oneself. */
  cannotShareWithYourself: 'You cannot share records with yourself.',
  /** Our own words: share with facility for a record that is not imaging. */
  facilityShareNeedsImages: 'Only imaging records can be shared with an imaging facility.',
  /** Our own words: an expiry date in the past. */
  expiryInPast: 'The end date must be in the future',
  // whole body scan (records spec §8)
  consultationFailed: 'Unable to submit consultation request. Please try again later.',
  consultationSubmitted:
    'Consultation request submitted successfully. You will receive an email with details shortly.',
  consultationAreYouSure: 'Are you sure?',
  noVideoReports: 'No video reports found',
  noRecommendedSteps: 'No recommended steps found',
  noPathologyFindings: 'No pathology findings found',
  noReportsOrKeyImages: 'No reports or key images found',
  noConsultationRequests: 'No consultation requests found',
  wholeBodyScanTitle: 'Comprehensive Whole Body Scan',
  /** Our own words for the note the spec describes (records spec §2.9). */
  wholeBodyScanNote:
    "This report was created by the provider from the physician's report. It is for your information only and is not medical advice.",
  /** Our own words for the caption the spec names (records spec §2.9). */
  bodyDiagramCaption: 'Educational illustration only. It does not show your own scan.',
  /** Our own words: the consultation form's note left empty. */
  consultationNoteRequired: 'Please tell us what you would like to discuss',
  /** Our own words: the video meeting page (records spec §2.9 "join and leave a meeting"). */
  meetingNotYetOpen: 'This meeting has not started yet. The link opens 15 minutes before the start.',
  meetingEnded: 'This meeting has ended.',
  meetingNotYours: 'This meeting link belongs to someone else. Please use the link that was sent to you.',
  meetingWaiting: 'Please wait, the host will let you in soon.',
  meetingDevicesBlocked:
    'Your browser has blocked the camera or microphone. Allow them for this site in your browser settings, then try again.',
  meetingScheduled: 'The video meeting has been scheduled and the patient has been e-mailed the link.',
  scanPublished: 'The whole body scan has been published to the patient.',
  // empty states
  noOpenRequests: "You don't have any open requests",
  noRecordsFound: 'No Records Found',
  noRecordsAttached: 'No records are attached yet',
  noRecentRecords: 'No recent records found',
  noNewRecords: "You don't have any new Records",
  noDataAvailable: 'No Data Available',
  noRecordsAndImaging: 'No records and imaging studies found',
  noRecordRequests: 'No record requests yet',
  noRecordsYet: 'No records yet',
  /** Our own words: a download (ISO, zip, mailed link) whose identifier expired or was never issued. */
  downloadLinkExpired: 'This download link has expired or is not valid. Please start the download again.',
  noPreview: 'No Preview Available',
  // platform
  remoteUnavailable:
    'This part of the portal is unavailable right now. The rest of the portal keeps working.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  tooManyAttempts: 'Too many attempts. Please wait and try again.',
  csrfMissing: 'Missing CSRF header',
  notFound: 'Not found',
  unauthenticated: 'Please sign in to continue',
  forbidden: 'You do not have access to this resource',
  invalidCredentials: 'Incorrect username or password.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** 'Failed to upload {file}', one per failed file of a provider upload (records spec §8), then the server's reason when it gave one. */
export const failedToUpload = (fileName: string, reason?: string): string =>
  `Failed to upload ${fileName}${reason ? `: ${reason}` : ''}`;
/** The progress circle of a provider upload (records spec §4). */
export const filesUploadedProgress = (done: number, total: number): string =>
  `${done} out of ${total} files uploaded`;

/** The viewer's progress: 'N out of M images loaded' (records spec §2.4). */
export const imagesLoadedProgress = (loaded: number, total: number): string =>
  `${loaded} out of ${total} images loaded`;
/** The progress percent, rounded down (records spec §9). */
export const imagesLoadedPercent = (loaded: number, total: number): number =>
  total > 0 ? Math.floor((loaded * 100) / total) : 0;

/** The invite-sent success message with the person's name (records spec §8; wording ours around {name}). */
export const inviteSent = (name: string): string => `Invitation sent to ${name}`;
/** Our own words: the person shared with asks before leaving the share of `name` (who shared it). */
export const leaveShareConfirm = (name: string): string =>
  `You will no longer see the records ${name} shares with you.`;
/** Our own words: the record view of a record `name` shared with the caller. */
export const sharedWithYouBy = (name: string): string => `Shared with you by ${name}`;
/** 'Shared with' summary: up to 3 names then 'and N other(s)' (records spec §9). */
export const sharedWithSummary = (names: string[], shown = 3): string => {
  if (names.length <= shown) return names.join(', ');
  const rest = names.length - shown;
  return `${names.slice(0, shown).join(', ')} and ${rest} ${rest === 1 ? 'other' : 'others'}`;
};

/** 'Year cannot be later than {current year}' (records spec §5). */
export const yearLaterThan = (year: number): string => `Year cannot be later than ${year}`;
/** 'Files of type .{ext} should be uploaded as Reports or Imaging' (records spec §5). */
export const othersFileType = (ext: string): string =>
  `Files of type .${ext} should be uploaded as Reports or Imaging`;

/** 'Error status - text' fallback of the spec for failures without a server message. */
export const statusFallbackMessage = (status: number, statusText: string): string =>
  statusText ? `Error ${status} - ${statusText}` : MESSAGES.somethingWentWrong;

/** Issue 29, our own words: the consent screen's heading. */
export const smartConsentTitle = (clientName: string): string => `${clientName} wants to access your records`;
/** Issue 29, our own words: Connected apps asks before revoking an app. */
export const revokeAppConfirm = (clientName: string): string =>
  `Revoke ${clientName}? It will lose access at once.`;
/** Issue 29, our own words: when a connected app last read the records. */
export const appLastRead = (when: string): string => `Last read: ${when}`;
/** Issue 29, our own words: an incremental backup's files. */
export const backupChangesSince = (when: string): string => `Changes since ${when}`;
