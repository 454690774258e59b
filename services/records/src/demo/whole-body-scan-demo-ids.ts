import { demoId } from '@portal/server-kit';

/** A stable id of a row of the demo's whole body scans (`scan` is 'earlier' or 'recent'). */
export const demoScanRowId = (scan: string, name: string): string => demoId(`wbs:${scan}:${name}`);

/**
 * The ids of the demo's whole body scans (issue 27), for tests and journeys: St. Mary Imaging Center
 * does whole body scans; patient@example.com has an earlier scan and a recent one (a MAJOR heart finding,
 * changes against the earlier scan: brain, lungs and kidneys STABLE, heart and spine NEW, liver RESOLVED);
 * a REQUESTED consultation on the earlier scan, a SCHEDULED one on the recent scan with a meeting a day
 * after the seed and one open from the seed's start for 8 hours (its window is renewed at each start).
 */
export const DEMO_WBS = {
  facility: demoId('custodian:st-mary'),
  patientRequest: demoId('patient-request:completed-ct'),
  earlierScan: demoId('wbs-scan:earlier'),
  recentScan: demoId('wbs-scan:recent'),
  /** The recent scan's heart finding (MAJOR, NEW) with key images, a PDF report and next steps. */
  majorFinding: demoScanRowId('recent', 'f3'),
  majorFindingChild: demoScanRowId('recent', 'f3.0'),
  majorFindingPdf: demoScanRowId('recent', 'f3:pdf:0'),
  majorFindingKeyImage: demoScanRowId('recent', 'f3:key-image:0'),
  majorFindingNextStep: demoScanRowId('recent', 'f3:next-step:0'),
  majorFindingFollowUp: demoScanRowId('recent', 'f3:follow-up:0'),
  /** The recent scan's lung finding, carried on from the earlier scan's (STABLE). */
  stableFinding: demoScanRowId('recent', 'f1'),
  /** The earlier scan's liver finding that nothing carries on (RESOLVED on the recent scan). */
  resolvedFinding: demoScanRowId('earlier', 'f3'),
  /** The recent scan's brain finding, with key images of the real MR series. */
  brainFinding: demoScanRowId('recent', 'f0'),
  videoReport: demoScanRowId('recent', 'video:0'),
  requestedConsultation: demoId('wbs-consultation:earlier'),
  scheduledConsultation: demoId('wbs-consultation:recent'),
  scheduledMeeting: demoId('wbs-meeting:scheduled'),
  scheduledMeetingPatientParticipant: demoId('wbs-participant:scheduled:patient'),
  scheduledMeetingHostParticipant: demoId('wbs-participant:scheduled:host'),
  openMeeting: demoId('wbs-meeting:open'),
  openMeetingPatientParticipant: demoId('wbs-participant:open:patient'),
  openMeetingHostParticipant: demoId('wbs-participant:open:host'),
} as const;
