import { useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { droppedFiles, pickedFiles, type PickedFile } from './folder-reading';

export interface DropZoneProps {
  /** Whole folders allowed (imaging): a folder picker, and dropped folders read recursively. */
  folders: boolean;
  accept?: string;
  disabled: boolean;
  onFiles: (files: PickedFile[]) => void;
}

// React passes unknown lowercase attributes to the DOM; the DOM typings do not know the folder picker's.
const FOLDER_PICKER = { webkitdirectory: '', directory: '' } as Record<string, string>;

/** Upload from the computer: drag and drop, a file picker and, for imaging, a folder picker. */
export const DropZone = ({ folders, accept, disabled, onFiles }: DropZoneProps) => {
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    // The entries must be taken now: the browser empties the drop's item list once the event is over.
    void droppedFiles(e.dataTransfer, folders).then((files) => files.length && onFiles(files));
  };
  const picked = (input: HTMLInputElement) => {
    const files = pickedFiles(input.files ?? []);
    input.value = '';
    if (files.length) onFiles(files);
  };
  return (
    <Box
      data-testid="provider-dropzone"
      aria-disabled={disabled || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: '2px dashed',
        borderColor: over ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 3,
        textAlign: 'center',
        bgcolor: over ? 'action.hover' : 'transparent',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <Typography sx={{ mb: 1 }}>
        {folders ? 'Drag and drop files or a folder here, or' : 'Drag and drop files here, or'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
          data-testid="provider-choose-files"
        >
          Choose files
        </Button>
        {folders ? (
          <Button
            variant="outlined"
            disabled={disabled}
            onClick={() => folderInput.current?.click()}
            data-testid="provider-choose-folder"
          >
            Choose a folder
          </Button>
        ) : null}
      </Box>
      <input
        ref={fileInput}
        hidden
        type="file"
        multiple
        accept={accept}
        disabled={disabled}
        data-testid="provider-file-input"
        onChange={(e) => picked(e.currentTarget)}
      />
      {folders ? (
        <input
          ref={folderInput}
          hidden
          type="file"
          multiple
          disabled={disabled}
          data-testid="provider-folder-input"
          onChange={(e) => picked(e.currentTarget)}
          {...FOLDER_PICKER}
        />
      ) : null}
    </Box>
  );
};
