import { render, screen } from '@testing-library/react';
import type { ShareDialogProps } from '@portal/contracts';
import { gridRow } from '../grid/testing';
import {
  SHARE_DIALOG_MODULE,
  SHARING_UNAVAILABLE,
  ShareRecordsDialog,
  shareRecordOf,
} from './ShareRecordsDialog';

/** What the sharing remote's dialog is given, drawn as text. */
const FakeDialog = ({ record, mode }: ShareDialogProps) => (
  <p data-testid="fake-dialog">{`${mode} ${record.patientRequestId} ${record.studyUid} ${record.docReqType} ${record.title}`}</p>
);

describe('Share on a record', () => {
  it("loads the sharing remote's dialog at run time, told which record", async () => {
    const row = gridRow(1);
    const asked: string[] = [];
    render(
      <ShareRecordsDialog
        record={shareRecordOf(row)}
        onClose={() => undefined}
        loader={async (id) => (asked.push(id), { default: FakeDialog })}
      />,
    );
    expect((await screen.findByTestId('fake-dialog')).textContent).toBe(
      `inline ${row.patientRequestId} ${row.study_instance_uid} ${row.docReqType} ${row.recordName}`,
    );
    expect(asked).toEqual([SHARE_DIALOG_MODULE]);
  });

  it('says sharing is unavailable when the remote does not load; nothing while no record is shared', async () => {
    const { rerender } = render(
      <ShareRecordsDialog
        record={shareRecordOf(gridRow(1))}
        onClose={() => undefined}
        loader={async () => Promise.reject(new Error('offline'))}
      />,
    );
    expect(await screen.findByText(SHARING_UNAVAILABLE)).toBeTruthy();
    rerender(<ShareRecordsDialog record={null} onClose={() => undefined} />);
    expect(screen.queryByText(SHARING_UNAVAILABLE)).toBeNull();
  });
});
