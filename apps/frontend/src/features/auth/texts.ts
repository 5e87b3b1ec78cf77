import { API_PATHS } from '@archlens/contracts/paths';
import { errorText } from '@archlens/contracts/errors';

export const PRODUCT_NAME = 'ArchLens';

/** Every user-visible text of the sign-in dialog and the auth flow (spec §2, §5, §8). */
export const AUTH_TEXTS = {
  signInTitle: `Sign In to ${PRODUCT_NAME}`,
  signUpTitle: 'Create Your Account',
  forgotTitle: 'Reset Your Password',
  signInSubtitle: 'Welcome back. Sign in to continue your analyses.',
  signUpSubtitle: 'Free to start: analyse up to 10 images at a time.',
  forgotSubtitle: "Enter your email address and we'll send you a temporary password.",
  email: 'Email',
  password: 'Password',
  firstName: 'First Name',
  lastName: 'Last Name',
  passwordPlaceholder: 'At least 6 characters',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  signInButton: 'Sign In',
  signUpButton: 'Create Account',
  forgotButton: 'Send Temporary Password',
  toSignUp: "Don't have an account? Sign up",
  toSignIn: 'Already have an account? Sign in',
  toForgotPassword: 'Forgot your password?',
  backToSignIn: 'Back to Sign In',
  close: 'Close',
  checkingSession: 'Checking your session',
  signInSuccessTitle: 'Welcome back!',
  signInSuccess: 'You have been signed in successfully.',
  signUpSuccessTitle: `Welcome to ${PRODUCT_NAME}!`,
  signUpSuccess: 'Your account has been created successfully.',
  signInFailedTitle: 'Sign In Failed',
  signInFailedFallback: 'Please check your credentials and try again.',
  signUpFailedTitle: 'Sign Up Failed',
  signUpFailedFallback: 'Please try again.',
  forgotSuccessTitle: 'Password Reminder Sent',
  forgotSuccess: 'A temporary password has been sent to your email.',
  forgotFailedTitle: 'Password Reminder Failed',
  forgotFailedFallback: 'Please try again later.',
  unauthorisedTitle: 'Unauthorized',
  unauthorised: 'You are logged out. Logging in again...',

  // Change Password (the /account card) and the new password after a temporary one.
  changePasswordTitle: 'Change Password',
  changePasswordIntro:
    'At least 6 characters, and not one of the commonly used passwords. Changing it signs you out on your other devices.',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
  changePasswordButton: 'Change Password',
  changingPassword: 'Changing…',
  passwordChangedTitle: 'Password Changed',
  passwordChanged: 'Your new password is in place. You have been signed out on your other devices.',
  passwordNotChangedTitle: 'Password Not Changed',
  passwordNotChangedFallback: 'Please try again.',
  newPasswordTitle: 'Choose a New Password',
  newPasswordIntro: 'You signed in with a temporary password. Choose a new password to carry on: your old password no longer works.',
  temporaryPassword: 'Temporary Password',
  temporaryPasswordHelp: 'The one from the email you received',
  saveNewPassword: 'Save New Password',
  savingNewPassword: 'Saving…',
  newPasswordSignOutNote: 'If you sign out now, you will need another temporary password to sign in.',
  signOut: 'Sign Out',

  // E-mail verification: the /verify-email page, the notice on /account and "Resend link".
  verifyingTitle: 'Confirming your email address…',
  verifiedTitle: 'Email Address Confirmed',
  verified: 'Thank you. You can now email reports and subscribe to Pro.',
  linkInvalidTitle: 'Link Expired or Used',
  linkInvalid: errorText('auth.verification-link-invalid'),
  linkCheckFailedTitle: 'Link Not Checked',
  linkCheckFailed: 'The link could not be checked just now. Please try again in a moment.',
  tryAgain: 'Try Again',
  signInForNewLink: 'Sign in to ask for a new link.',
  goHome: 'Go to Home',
  unverifiedTitle: 'Please confirm your email address',
  unverified: (email: string) =>
    `We sent a link to ${email}. Until you follow it, you cannot email reports or the clipboard, or subscribe to Pro.`,
  resendLink: 'Resend link',
  resendingLink: 'Sending…',
  linkSentTitle: 'Link Sent',
  linkNotSentTitle: 'Link Not Sent',
  linkNotSentFallback: 'Please try again later.',
} as const;

/** Browser navigations handled by the gateway (spec §2 route table). */
export const AUTH_PATHS = {
  login: API_PATHS.login,
  logout: API_PATHS.logout,
} as const;

/** Spec §8/§9: the redirect to login follows the toast after 500 ms. */
export const UNAUTHORISED_REDIRECT_DELAY_MS = 500;
/**
 * Spec §4: after sign-in or sign-up the page reloads. The reload waits this long so that the
 * success toast is seen; the cached user already shows the signed-in screens meanwhile.
 */
export const RELOAD_AFTER_SIGN_IN_MS = 1000;
/** Spec §9: the auth user is cached for 5 minutes. */
export const AUTH_USER_CACHE_MS = 300_000;
