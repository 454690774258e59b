import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 27: a guest the host let in once comes straight back in with the same link (leave and rejoin). */
export class RecordsVideoMeetingAdmission1767400000002 implements MigrationInterface {
  name = 'RecordsVideoMeetingAdmission1767400000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE records.video_meeting_participants ADD COLUMN admitted boolean NOT NULL DEFAULT false`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE records.video_meeting_participants DROP COLUMN admitted`);
  }
}
