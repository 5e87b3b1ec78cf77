/** Every user-visible text of /vip-login (spec §2, §5, §8; spec texts word for word). */
export const VIP_TEXTS = {
  title: 'VIP Access',
  intro: 'Sign in with your VIP credentials for unlimited Pro access.',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign In',
  signingIn: 'Signing in…',
  demo: 'Demo',
  demoHint: 'Fill in the demo credentials',
  backHome: 'Back to Home',
  required: 'Username and password are required',
  deniedTitle: 'Access Denied',
  /** Spec §8: the fallback when the server gives no text. */
  denied: 'Invalid VIP credentials',
  welcomeTitle: 'Welcome, VIP',
  welcome: 'You have unlimited Pro access.',
} as const;

/**
 * The credentials the Demo button fills in (spec §2 quick-fill): the local demo defaults that
 * `npm start` gives the gateway (`VIP_USERNAME`, `VIP_PASSWORD`); a deployment with its own VIP
 * credentials answers 'Access Denied' to them.
 */
export const VIP_DEMO_CREDENTIALS = { username: 'demo', password: 'archlens-demo' } as const;
