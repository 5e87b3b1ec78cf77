import { z } from 'zod';
import { databaseEnv, loadConfig, redisEnv, workerObservabilityEnv } from '@archlens/platform/config';
import { sealingKeyEnv } from '@archlens/platform/sealing';

/** auth-service environment (README "Configuration"). */
export const authConfigSchema = z.object({
  ...databaseEnv,
  ...redisEnv,
  ...workerObservabilityEnv,
  /**
   * RSA private key (PEM; literal `\n` escapes accepted) that opens the passwords the gateway
   * sealed to its public half (`AUTH_SEALING_PUBLIC_KEY`). Sensitive. Required: `npm start`
   * generates a local pair in `<state dir>/keys/`; elsewhere the deployment provides it.
   */
  AUTH_SEALING_PRIVATE_KEY: sealingKeyEnv(
    'private',
    'npm start generates a local pair in .local/keys/; elsewhere generate one (README "Configuration") and give the gateway its public half',
  ),
  /**
   * The email-worker's RSA public key (PEM; literal `\n` escapes accepted), to which each temporary
   * password is sealed before it goes on the `email` queue, so Redis never holds one in plain text.
   * Required, same rules as the gateway's `AUTH_SEALING_PUBLIC_KEY`. Not secret.
   */
  EMAIL_SEALING_PUBLIC_KEY: sealingKeyEnv(
    'public',
    'this one seals temporary passwords to the email-worker; npm start generates a local pair in .local/keys/ (email-sealing.pub.pem); elsewhere set it to the public half of EMAIL_SEALING_PRIVATE_KEY (README "Configuration")',
  ),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

/** @throws Error listing every invalid variable */
export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  return loadConfig(authConfigSchema, env);
}
