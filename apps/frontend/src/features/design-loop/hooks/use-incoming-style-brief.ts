import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { styleBriefOfState, type StyleBriefState } from '../style-brief-state';

/**
 * The style brief "Use as style" opened this page with (router state), read once: the state is
 * then cleared from the history entry, so a reload or a return to the page starts from the saved
 * style description again instead of the brief.
 * @returns the brief and its analysis id, or null when the page was not opened by "Use as style"
 */
export function useIncomingStyleBrief(): StyleBriefState['styleBrief'] | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [incoming] = useState(() => styleBriefOfState(location.state));
  useEffect(() => {
    if (styleBriefOfState(location.state)) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);
  return incoming;
}
