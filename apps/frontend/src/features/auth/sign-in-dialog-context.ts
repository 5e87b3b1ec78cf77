import { createContext, useContext } from 'react';

/** The sign-in dialog's three modes: Sign In, Create Your Account, Reset Your Password. */
export type SignInDialogMode = 'signin' | 'signup' | 'forgot';

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
