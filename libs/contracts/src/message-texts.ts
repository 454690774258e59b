/**
 * The message catalogue: every text the spec quotes, word for word, shared by front and back.
 * Names say where a text is used; values must not be reworded. Read as `MESSAGES.name`: one export
 * per text, so a bundle keeps only the texts its code names (webpack follows the namespace's
 * properties); the catalogue as one object literal put all of it in every first load.
 */
// validation: email and login
export const validEmailAddress = 'Please enter a valid email address';
export const enterValidEmail = 'Enter a valid email';
export const pleaseEnterValidEmail = 'Please enter a valid email';
export const pleaseEnterValidEmailDot = 'Please enter a valid email.';
export const loginUserEmail = 'Please provide a valid user email';
export const loginPassword = 'Please provide a valid password';
// required
export const firstNameRequired = 'First name is required';
export const lastNameRequired = 'Last name is required';
export const phoneRequired = 'Phone is required';
export const addressRequired = 'Address is required';
export const dateOfBirthRequired = 'Date of birth is required';
export const timeZoneRequired = 'Time zone is required';
export const emailRequired = 'Email is required';
export const currentPasswordRequired = 'Current password is required';
export const newPasswordRequired = 'New password is required';
export const confirmPasswordRequired = 'Confirm password is required';
export const countryRequired = 'Country is required';
export const cityRequired = 'City is required';
export const stateRequired = 'State is required';
export const postcodeRequired = 'Postcode is required';
export const custodianRequired = 'Custodian is required';
/** Not in the spec (issue 24, the facility a patient names). */
export const facilityNameRequired = 'Facility name is required';
export const unlistedFacilityUsed =
  'This facility entry already has a request. Enter the facility again for a new request.';
/** Not in the spec (issue 30, a facility's fee for a records request). */
export const requestFeeWholeCents = 'The request fee is a whole number of cents (0 for none)';
export const requestFeeTooHigh = 'The request fee is at most $1,000.00';
export const requestFeeUnpaid = 'The facility receives this request once its fee is paid';
export const selectRelationship = 'Please select relationship to you';
export const specifyRelationship = 'Please specify relationship with you';
// other validation
export const dateOfBirthFuture = 'Date of birth cannot be in the future.';
export const validPhone = 'Please enter a valid phone number.';
export const onlyLetters = 'Only letters are allowed';
export const invalidMonth = 'Invalid month';
export const invalidDay = 'Invalid day for MM/YYYY';
export const invalidYear = 'Year must be between 1900 and the current year';
export const fieldRequired = 'This field is required';
export const dateFuture = 'Date cannot be in the future';
export const passwordMinLength = 'Password must be at least 8 characters long';
export const passwordHelper = 'At least 1 number, 1 upper case letter and 1 special character';
export const passwordsMustMatch = 'Passwords must match';
export const consentRequired = 'You must provide consent in order to request your records';
// the wizard's own words where the spec names a rule but not its text
export const photoIdRequired = 'Please upload a photo ID';
export const legalDocsRequired = 'Please upload at least one legal document';
export const signatureRequired = 'Please sign in the box';
export const electronicSignatureRequired = 'Please agree to sign electronically';
export const legallyAuthorisedRequired = 'Please confirm that you are legally authorised';
export const mrnRequired = 'MRN is required';
export const onlyImages = 'Please choose a png, jpg, jpeg or webp image';
export const onlyPdf = 'Only PDF files are allowed';
export const chooseValidImage = 'Please choose a valid image';
// outcomes
export const emailTaken = 'This email address is already associated with an account';
export const emailNotFound = 'This email address is not associated with any account. Create a new account.';
export const linkNoLongerValid = 'Link No Longer Valid';
export const linkExpiredText =
  'The link you followed has exceeded its expiration. Please check your email for a new link or restart the process.';
export const forgotPasswordTokenExpired = 'The forgot password token has expired';
export const invalidLoginAsToken = 'Invalid token!!!!';
export const timezonesFailed = 'Unable to fetch timezones. Please try again later!';
export const uploadFailed = 'Request failed. Try again later!';
export const passwordChanged = 'Your password has been changed successfully';
export const personalInfoSaved = 'Your personal information has been updated...';
export const emailChangeSent =
  "We've sent a confirmation link to your new email. Please confirm to finish the update.";
export const notificationSaved = 'Notification Setting has been updated...';
export const resetEmailSent = 'We have sent you an email containing a link to reset your password.';
export const profileUpdated = 'Profile updated successfully.';
export const requestGenerated = 'Patient request has been generated successfully';
/** Our own words (the spec names the Smart FHIR page's states, not their texts). */
export const smartFhirInProgress = 'Searching the facilities for your imaging studies…';
export const smartFhirNoStudies = 'No imaging studies were found at the facilities we can reach.';
export const smartFhirNoSources = 'None of your facilities can be searched yet.';
export const smartFhirConfirm =
  'Request this study from {facility}? The request is added to your Open Requests.';
export const smartFhirSourceUnavailable = 'This facility could not be searched right now.';
export const smartFhirSourceTimedOut = 'This facility did not answer in time.';
export const smartFhirPollingFailed = 'Checking this facility failed; it was stopped.';
/** Our own words: the confirm dialog's line for a study the facility's system can deliver itself (can_move). */
export const smartFhirCanMove = 'This study will be brought into My Records automatically.';
// SMART apps, Connected apps and Download everything (issue 29): our own words, the spec has none
export const smartConsentReadOnly =
  'The app can only read what you allow here. It can never change or delete anything in your records.';
export const smartConsentRevokeAnyTime =
  'You can revoke its access at any time in Settings, under Connected apps.';
export const smartConsentRequired = 'Needed: the app cannot work without it';
export const smartConsentExpired =
  'This request has expired or was already answered. Go back to the app and connect again.';
export const smartConsentReturning = 'Taking you back to the app…';
export const connectedAppsIntro =
  'The apps you allowed to read your records. Revoke an app and it loses access at once.';
export const noConnectedApps = 'No apps are connected to your records.';
export const connectedAppsHow =
  'An app connects when you choose this portal in the app, sign in here and press Allow on the screen that asks you.';
export const appNotReadYet = 'Has not read anything yet';
export const appReadsUnavailable = 'What this app has read could not be loaded.';
export const appOffline = 'It keeps access while you are signed out, until you revoke it.';
export const appRevoked = 'Access revoked. The app can no longer read your records.';
export const backupIntro =
  'Download everything saves all of your records as FHIR NDJSON files, the standard format other health apps and systems read: one file for each kind of record, one record on each line.';
export const backupImagesNote =
  'The files describe your imaging studies; the images themselves come as DICOM zip files below once your backup is ready, the same files a facility sends.';
export const backupNone = 'You have not downloaded your records yet.';
export const backupInProgress = 'Preparing your files. This page updates by itself.';
export const backupFailed = 'Your files could not be prepared. Please try again.';
export const backupNoChanges = 'Nothing has changed since your last backup.';
export const providersEmailed =
  'Request to send emails to external providers has been submitted successfully';
export const personEntryNotFound = 'Person entry not found';
export const somethingWentWrong = 'Something went wrong';
/** Our own words: a value the database refuses (a NUL byte, a malformed id, a number out of range). */
export const valueNotAccepted = 'A value in the request is not valid';
/** Our own words, for requests Node's HTTP parser refuses before any route sees them. */
export const headersTooLarge = 'The address or headers of the request are too long';
export const malformedRequest = 'The request is not valid HTTP';
export const requestTimeout = 'The request did not arrive in time';
export const somethingWentWrongRetry = 'Something went wrong, please try again.';
export const loading = 'Please, wait while we are loading....';
export const entrySaved = 'Entry has been saved successfully';
export const entryDeleted = 'Entry has been deleted successfully';
export const optedOut = "You've opted out";
export const invalidToken = 'Invalid token';
export const recaptchaFailed = 'Failed to verify reCAPTCHA';
export const recaptchaUnavailable = 'reCAPTCHA not available';
// outcomes the spec implies but does not word
export const currentPasswordIncorrect = 'Current password is incorrect';
export const emailUpdated = 'Your email address has been updated. Please sign in with your new email.';
export const sameEmail = 'This is already your email address';
export const accountRemovalSent =
  'We have sent you an email with a link to confirm the removal of your account.';
export const accountRemoved = 'Your account has been removed.';
export const unsubscribeQuestion = 'Do you want to stop receiving emails from us?';
export const optedOutText =
  'You will no longer receive notification emails from us. You can turn them back on in your notification settings.';
export const phoneLoginSent =
  'If an account uses this phone number, we have sent a sign-in link to its email address.';
export const setPasswordSent = 'We have sent you an email with a link to set your password.';
// proving an address (our own words: the spec has no texts for it)
export const emailVerified = 'Your email address is confirmed.';
export const verificationSent = 'We have sent you a new link. Please check your email.';
export const emailAlreadyVerified = 'Your email address is already confirmed.';
export const confirmEmailTitle = 'Please confirm your email address';
export const confirmEmailNotice =
  'Records shared with you appear once you confirm your email address with the link we sent you.';
export const sendLinkAgain = 'Send the link again';
export const invitationNeedsProof =
  'If your email address is not confirmed yet, the records appear once you confirm it with the link we sent you.';
// provider area (records spec §8)
export const requestRejected = 'Request rejected successfully';
export const rejectionCancelled = 'Request Rejection Cancelled';
export const documentDeleted = 'Document Deleted Successfully';
export const markedUploaded = 'Patient request has been marked as uploaded successfully';
export const recordsUploaded = 'Your records were uploaded successfully.';
/** Our own words for the reject form (the spec only says a reason, and notes for OTHER, are required). */
export const rejectReasonRequired = 'Please select a reason';
export const rejectNotesRequired = 'Please add a note for the reason';
export const noDataRequests = 'No data requests yet';
// the upload dialog (records spec §5)
export const selectPatientName = 'Please select patient name';
export const recordNameRequired = 'Please give record a name';
export const cannotStartWithSpace = 'Cannot start with a space';
export const yearMustBeNumber = 'Year must be a number';
export const yearMustBeInteger = 'Year must be an integer';
export const yearNotBefore1900 = 'Year cannot be earlier than 1900';
export const yearRequired = 'Year is required';
export const imagingFileType = 'Imaging can only be a .dcm or .zip file';
export const reportsFileType = 'Reports can only be a .pdf file';
export const noFileSelected = 'No file selected';
export const invalidFileType = 'Invalid file type';
/** Our own words: the spec allows one file per upload but words no message. */
export const oneFilePerUpload = 'Only one file can be uploaded at a time';
/** Our own words: the month is chosen from a list. */
export const monthRequired = 'Month is required';
// the library (records spec §2.3, §8)
export const noContentInGrid = 'No content with that keyword in this grid';
/** Our own words for the spec's "no favourites" empty state. */
export const noFavourites = "You don't have any favourites yet";
/** Our own words for the spec's "no trusted providers" empty state. */
export const noTrustedProviders = 'No one has shared records with you yet';
export const enhancedReportTimedOut = 'Operation timed out. Please try again or contact your administrator.';
export const unableToLoadFile = 'Unable to load file.';
export const errorFetchingImages = 'Error fetching images';
export const errorLoadingImages = 'Error loading images';
export const imageBeingFetched = "Image is being fetched and we'll let you know when it is ready";
// the public viewer page (records spec §2.7, §8)
export const viewerPasswordTitle = "Enter the password from the patient's form";
export const viewerPasswordSubText =
  'Once the patient is verified, the records can be viewed and downloaded.';
/** Our own words for a failed password validation (the spec shows the server's message). */
export const viewerPasswordWrong =
  "The password is not correct. Please check the patient's form and try again.";
/** Our own words: the link was revoked, expired or never existed (all answer alike). */
export const viewerLinkUnavailable =
  'This link is no longer available. Please ask the patient for a new one.';
/** Our own words for a failed Download All without a server message. */
export const viewerDownloadFailed = 'The download could not be prepared. Please try again.';
/** Our own words: a stored file that is not DICOM, or a damaged member of a zip. */
export const damagedDicom = 'This file is damaged or is not a DICOM file we can read.';
export const storageQuotaExceeded =
  'Your storage is full: this image was not kept. Remove records you no longer need, then try again.';
// sharing (records spec §2.5, §5, §8)
export const inviteValidEmail = 'enter a valid email';
export const onlyAlphabets = 'only alphabets allowed';
export const selectAtLeastOneItem = 'select at least one item';
/** Our own words: the invite form's access type is required (the spec gives it its own message, unquoted). */
export const accessTypeRequired = 'Please choose what the person can see';
export const noteMaxLength = 'Max length is 200 characters';
export const typeAtLeast3Letters = 'Please type at least 3 letters';
export const reportSharedSuccessfully = 'Report Shared Successfully';
export const filesSharedSuccessfully = 'Files shared to the recipients list successfully';
/** Our own words: the print tab's instruction (the spec: print the page and hand it to the provider). */
export const printAccessPageInstruction =
  'Print this page and hand it to your provider. It holds a link to your images and the password that opens it.';
/** Our own words: the download tab (the spec: an ISO named from the patient's name, DICOM imaging plus a viewer). */
export const downloadIsoInstruction =
  'The ISO file is named after the patient. It holds the DICOM images and a viewer that opens in a web browser.';
/** Our own words: burning the ISO to a disc or copying it to a USB stick. */
export const burnDiscInstruction =
  'Burn the ISO file to a CD or DVD, or copy it to a USB stick, and give it to your provider.';
/** Our own words for the people list with nobody in it. */
export const noSharedPeople = 'You are not sharing your records with anyone yet';
/** Our own words: Remove Access succeeded. */
export const accessRemoved = 'Access removed';
/** Our own words: the dialog asking before access is removed. */
export const removeAccessConfirm = 'This person will no longer see the records you shared with them.';
/** Our own words: the confirmation before one record is taken from a person. */
export const removeRecordAccessConfirm = 'This person will no longer see this record.';
/** Our own words: the person shared with left the share. */
export const shareLeft = 'You no longer see these records';
/** Our own words: the confirmation before a public link stops working. */
export const revokeLinkConfirm = 'Anyone with this link will no longer be able to open these images.';
/** Our own words: a public link was revoked. */
export const linkRevoked = 'Link revoked';
/** Issue 29, our own words: the Share dialog's SMART Health Link tab. */
export const healthLinkExplanation =
  'A link any SMART Health Links app can open: it carries your images as FHIR, protected by a passcode you give the person you share with.';
export const healthLinkGivePasscode = 'Give the passcode separately.';
/** Issue 29, our own words: under the QR code of the printed access page. */
export const accessPageHealthLinkNote =
  'Also a SMART Health Link: apps that support it can open it with the same password.';
/** Our own words: a link was copied to the clipboard, or could not be. */
export const linkCopied = 'Link copied';
export const linkNotCopied = 'The link could not be copied. Select it and copy it yourself.';
/** Our own words: an invitation link used with another e-mail address. */
export const invitationEmailMismatch = 'This invitation was sent to another e-mail address.';
/** Our own words: an invitation link that expired or was withdrawn. */
export const invitationUnavailable =
  'This invitation is no longer valid. Please ask the patient to share again.';
/** Our own words: the person is already in the list. */
export const alreadySharedWith = 'You already share records with this person.';
/** Our own words: sharing a record that is not the caller's, or with oneself. */
export const cannotShareWithYourself = 'You cannot share records with yourself.';
/** Our own words: share with facility for a record that is not imaging. */
export const facilityShareNeedsImages = 'Only imaging records can be shared with an imaging facility.';
/** Our own words: an expiry date in the past. */
export const expiryInPast = 'The end date must be in the future';
// whole body scan (records spec §8)
export const consultationFailed = 'Unable to submit consultation request. Please try again later.';
export const consultationSubmitted =
  'Consultation request submitted successfully. You will receive an email with details shortly.';
export const consultationAreYouSure = 'Are you sure?';
export const noVideoReports = 'No video reports found';
export const noRecommendedSteps = 'No recommended steps found';
export const noPathologyFindings = 'No pathology findings found';
export const noReportsOrKeyImages = 'No reports or key images found';
export const noConsultationRequests = 'No consultation requests found';
export const wholeBodyScanTitle = 'Comprehensive Whole Body Scan';
/** Our own words for the note the spec describes (records spec §2.9). */
export const wholeBodyScanNote =
  "This report was created by the provider from the physician's report. It is for your information only and is not medical advice.";
/** Our own words for the caption the spec names (records spec §2.9). */
export const bodyDiagramCaption = 'Educational illustration only. It does not show your own scan.';
/** Our own words: the consultation form's note left empty. */
export const consultationNoteRequired = 'Please tell us what you would like to discuss';
/** Our own words: the video meeting page (records spec §2.9 "join and leave a meeting"). */
export const meetingNotYetOpen =
  'This meeting has not started yet. The link opens 15 minutes before the start.';
export const meetingEnded = 'This meeting has ended.';
export const meetingNotYours =
  'This meeting link belongs to someone else. Please use the link that was sent to you.';
export const meetingWaiting = 'Please wait, the host will let you in soon.';
export const meetingDevicesBlocked =
  'Your browser has blocked the camera or microphone. Allow them for this site in your browser settings, then try again.';
export const meetingScheduled =
  'The video meeting has been scheduled and the patient has been e-mailed the link.';
export const scanPublished = 'The whole body scan has been published to the patient.';
// empty states
export const noOpenRequests = "You don't have any open requests";
export const noRecordsFound = 'No Records Found';
export const noRecordsAttached = 'No records are attached yet';
export const noRecentRecords = 'No recent records found';
export const noNewRecords = "You don't have any new Records";
export const noDataAvailable = 'No Data Available';
export const noRecordsAndImaging = 'No records and imaging studies found';
export const noRecordRequests = 'No record requests yet';
export const noRecordsYet = 'No records yet';
/** Our own words: a download (ISO, zip, mailed link) whose identifier expired or was never issued. */
export const downloadLinkExpired =
  'This download link has expired or is not valid. Please start the download again.';
export const noPreview = 'No Preview Available';
// platform
export const remoteUnavailable =
  'This part of the portal is unavailable right now. The rest of the portal keeps working.';
export const serviceUnavailable = 'The service is temporarily unavailable. Please try again in a moment.';
export const sessionExpired = 'Your session has ended. Please sign in again.';
export const tooManyAttempts = 'Too many attempts. Please wait and try again.';
export const csrfMissing = 'Missing CSRF header';
export const notFound = 'Not found';
export const unauthenticated = 'Please sign in to continue';
export const forbidden = 'You do not have access to this resource';
export const invalidCredentials = 'Incorrect username or password.';
