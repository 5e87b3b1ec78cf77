import OpenInNew from '@mui/icons-material/OpenInNew';
import Fab from '@mui/material/Fab';
import { FLOATING_BUTTON_POSITION } from '../../../shared/floating-buttons';
import { NAVIGATION_TEXTS, SERVICES_URL } from '../texts';

/** Spec §2: a floating button at the bottom centre of every page opens the services page in a new tab. */
export function ServicesButton() {
  return (
    <Fab
      variant="extended"
      size="medium"
      color="primary"
      href={SERVICES_URL}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={NAVIGATION_TEXTS.servicesLabel}
      data-testid="services-button"
      sx={{
        position: 'fixed',
        bottom: FLOATING_BUTTON_POSITION,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.speedDial,
        gap: 1,
        px: 2.5,
        boxShadow: '0 10px 24px -10px rgba(31, 35, 38, 0.55)',
      }}
    >
      <OpenInNew fontSize="small" />
      {NAVIGATION_TEXTS.services}
    </Fab>
  );
}
