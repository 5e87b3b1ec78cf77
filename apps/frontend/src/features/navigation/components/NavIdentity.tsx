import type { PublicUser } from '@archlens/contracts/auth';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { planLabel } from '../plan-label';
import { NAVIGATION_TEXTS } from '../texts';

/** The 'Pro' badge beside Create while the subscription is not active. */
export function ProBadge() {
  return (
    <Chip
      label={NAVIGATION_TEXTS.proBadge}
      size="small"
      color="primary"
      sx={{ height: 18, fontSize: '0.68rem', fontWeight: 700, ml: 0.75 }}
    />
  );
}

/**
 * The profile image (or the initial), the first name (or 'User') and, under it, the plan
 * (`planLabel`: 'VIP (unlimited)', 'Pro Monthly', 'Pro Yearly', 'Past Due' or 'Free').
 */
export function UserIdentity({ user, name }: { user: PublicUser; name: string }) {
  const plan = planLabel(user.subscription);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }} title={NAVIGATION_TEXTS.signedInAs(name, plan)}>
      <Avatar
        src={user.profile_image_url ?? undefined}
        alt=""
        sx={{ width: 30, height: 30, flexShrink: 0, fontSize: '0.9rem', bgcolor: 'primary.light' }}
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, lineHeight: 1.2 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600, maxWidth: 160, lineHeight: 1.25 }} data-testid="user-first-name">
          {name}
        </Typography>
        <Typography variant="caption" component="p" noWrap color="text.secondary" sx={{ lineHeight: 1.25 }} data-testid="user-plan">
          {plan}
        </Typography>
      </Box>
    </Box>
  );
}
