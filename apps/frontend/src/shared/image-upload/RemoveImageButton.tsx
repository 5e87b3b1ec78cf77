import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';

/** The small round remove button in the top-right corner of an image preview (upload cards, reference slots). */
export function RemoveImageButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled: boolean }) {
  return (
    <IconButton
      size="small"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      sx={{ position: 'absolute', top: 6, right: 6, bgcolor: 'rgba(255,255,255,0.92)', boxShadow: 1, '&:hover': { bgcolor: '#fff' } }}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}
