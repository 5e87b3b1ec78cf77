import { addToClipboard } from '@archlens/contracts/clipboard-text';
import { styleBriefOf } from '@archlens/contracts/design-loop';
import FormatPaintOutlined from '@mui/icons-material/FormatPaintOutlined';
import { useNavigate } from 'react-router-dom';
import { ActionButton } from '../../../shared/components/ActionButton';
import { toast } from '../../../shared/toast';
import { useAuth } from '../../auth/hooks/use-auth';
import { isProSubscription } from '../../generation/generation-rules';
import { DESIGN_LOOP_TEXTS as T } from '../texts';
import { CREATE_PATH, type StyleBriefState } from '../style-brief-state';

/** What "Use as style" reads of an analysis. */
export interface UseAsStyleSource {
  id: string;
  primaryDescription: string;
  tags: readonly string[];
}

/**
 * "Use as style" on an analysis result: writes the style brief (`styleBriefOf`: design prose, at
 * most 500 characters, no measurements). A Pro user (spec §6: only Pro generates images) lands on
 * /create with it as the style description and the analysis carried along (router state, read
 * once). Anyone else gets it in the Working Clipboard, the free tool for building a prompt, and is
 * told that Image Generation needs Pro, with a way to the pricing page.
 */
export function UseAsStyleButton({ analysis }: { analysis: UseAsStyleSource }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const pro = isProSubscription(user?.subscription);

  const use = () => {
    const brief = styleBriefOf(analysis);
    if (!brief) {
      toast({ title: T.toasts.briefEmptyTitle, description: T.toasts.briefEmpty, variant: 'warning' });
      return;
    }
    if (pro) {
      const state: StyleBriefState = { styleBrief: { text: brief, analysisId: analysis.id } };
      void navigate(CREATE_PATH, { state });
      return;
    }
    try {
      addToClipboard(window.localStorage, T.clipboardTitle, brief);
      toast({
        title: T.toasts.briefAddedTitle,
        description: T.toasts.briefAdded,
        variant: 'success',
        action: { label: T.viewPro, onClick: () => void navigate('/pricing') },
      });
    } catch {
      toast({ title: T.toasts.briefAddFailedTitle, description: T.toasts.briefAddFailed, variant: 'error' });
    }
  };

  return (
    <ActionButton
      icon={<FormatPaintOutlined fontSize="small" />}
      onClick={use}
      title={pro ? T.useAsStyleHint : T.useAsStyleHintFree}
      data-testid="use-as-style"
    >
      {T.useAsStyle}
    </ActionButton>
  );
}
