import { createContext, useContext } from 'react';

export type SignInDialogMode = 'signin' | 'signup';

export interface SignInDialogControls {
  openSignInDialog: (mode?: SignInDialogMode) => void;
}

export const SignInDialogContext = createContext<SignInDialogControls | null>(null);

/** Opens the sign-in dialog from anywhere under `SignInDialogProvider`. */
export function useSignInDialog(): SignInDialogControls {
  const controls = useContext(SignInDialogContext);
  if (!controls) throw new Error('useSignInDialog must be used inside SignInDialogProvider');
  return controls;
}
