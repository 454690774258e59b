import { useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';

export interface FilePickerProps {
  testId: string;
  label: string;
  /** The input's accept list (".png,.jpg" or MIME types). */
  accept: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  error?: string;
  helperText?: string;
}

/**
 * A drop zone with a Choose button (keyboard usable through the button); it hands the files over and
 * leaves the checks (type, count) to its owner, whose messages differ.
 */
export const FilePicker = ({
  testId,
  label,
  accept,
  multiple = false,
  onFiles,
  disabled,
  error,
  helperText,
}: FilePickerProps) => {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) onFiles(Array.from(e.dataTransfer.files));
  };
  return (
    <Box>
      <Box
        data-testid={`${testId}-zone`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          border: '2px dashed',
          borderColor: error ? 'error.main' : over ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
          bgcolor: over ? 'action.hover' : 'transparent',
        }}
      >
        <Typography sx={{ mb: 1 }}>{label}</Typography>
        <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
          Choose {multiple ? 'files' : 'a file'}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept={accept}
          multiple={multiple}
          data-testid={testId}
          aria-label={label}
          onChange={(e) => {
            onFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </Box>
      <FormHelperText error={Boolean(error)} role={error ? 'alert' : undefined}>
        {error || helperText || ' '}
      </FormHelperText>
    </Box>
  );
};

/** Whether a file's name ends in one of the extensions (the server checks the content itself). */
export const hasExtension = (file: File, extensions: readonly string[]): boolean =>
  extensions.includes(file.name.split('.').pop()?.toLowerCase() ?? '');
