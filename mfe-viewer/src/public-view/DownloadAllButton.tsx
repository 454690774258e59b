import Button from '@mui/material/Button';
import { MESSAGES } from '@portal/contracts';
import { queryError, saveDownload } from '@portal/api';
import { toast } from '@portal/ui';
import { useDownloadViewerStudiesMutation } from './public-view.api';

/**
 * Download All (records spec §2.7, §8): an answer with isError shows its message as a red toast,
 * otherwise the zip at the returned url is saved through a hidden frame (saveDownload): the viewer stays,
 * and a zip the server then refuses is a toast too, not an error page.
 */
export const DownloadAllButton = ({ linkId, token }: { linkId: string; token: string | null }) => {
  const [download, { isLoading }] = useDownloadViewerStudiesMutation();
  const onClick = async () => {
    try {
      const answer = await download({ linkId, token }).unwrap();
      if (answer.isError || !answer.url) {
        toast.error(answer.message || MESSAGES.viewerDownloadFailed);
        return;
      }
      saveDownload(answer.url, (message) => toast.error(message || MESSAGES.viewerDownloadFailed));
    } catch (e) {
      toast.error(queryError(e).message || MESSAGES.viewerDownloadFailed);
    }
  };
  return (
    <Button
      variant="contained"
      data-testid="viewer-download-all"
      disabled={isLoading}
      onClick={() => void onClick()}
    >
      Download All
    </Button>
  );
};
