import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

export interface ActionButtonProps extends Omit<ButtonProps, 'variant' | 'color' | 'size' | 'startIcon'> {
  icon: ReactNode;
}

/** A small outlined button of a result's toolbar (Copy, Add to Clipboard, Email Text, Export PDF: spec §2). */
export function ActionButton({ icon, children, ...props }: ActionButtonProps) {
  return (
    <Button variant="outlined" color="secondary" size="small" startIcon={icon} {...props}>
      {children}
    </Button>
  );
}

/** The toolbar of a result's actions: a labelled `role="toolbar"` row that wraps on a phone. */
export function ActionToolbar({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <Stack direction="row" role="toolbar" aria-label={label} useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }} data-testid={testId}>
      {children}
    </Stack>
  );
}
