import {
  temporaryPasswordSealContext,
  verificationLink,
  verificationTokenSealContext,
  type EmailTemplate,
  type SendEmailJob,
} from '@archlens/contracts/email';
import { unsealSecret } from '@archlens/platform/sealing';
import { ANALYSIS_REPORT_SUBJECT, renderAnalysisReport } from './analysis-report.template.js';
import { CLIPBOARD_SUBJECT, renderClipboard } from './clipboard.template.js';
import type { RenderedEmail } from './rendered-email.js';
import { renderTemporaryPassword, TEMPORARY_PASSWORD_SUBJECT } from './temporary-password.template.js';
import { renderVerifyEmail, VERIFY_EMAIL_SUBJECT } from './verify-email.template.js';

/** The subject of each template, known before anything sealed is opened (the delivery log keeps it). */
export const EMAIL_SUBJECTS: Record<EmailTemplate, string> = {
  'temporary-password': TEMPORARY_PASSWORD_SUBJECT,
  'verify-email': VERIFY_EMAIL_SUBJECT,
  'analysis-report': ANALYSIS_REPORT_SUBJECT,
  clipboard: CLIPBOARD_SUBJECT,
};

/**
 * Renders a job's message from its template. Secrets in the data arrive sealed to the
 * email-worker's key; each is opened here, right before rendering, and lives only in this call and
 * the rendered bodies it returns.
 * @param job the parsed `email.send` payload
 * @param sealingPrivateKeyPem `EMAIL_SEALING_PRIVATE_KEY`
 * @param appUrl `APP_URL`, the app's public origin, which links in a message point to
 * @throws SealedSecretError when a sealed secret does not open (altered, another key, another recipient)
 * @throws Error when a template's MJML is invalid (a programming error)
 */
export async function renderEmail(job: SendEmailJob, sealingPrivateKeyPem: string, appUrl: string): Promise<RenderedEmail> {
  switch (job.template) {
    case 'temporary-password':
      return renderTemporaryPassword({
        firstName: job.data.firstName,
        temporaryPassword: unsealSecret(job.data.sealedTemporaryPassword, sealingPrivateKeyPem, temporaryPasswordSealContext(job.to)),
        validMinutes: job.data.validMinutes,
      });
    case 'verify-email':
      return renderVerifyEmail({
        firstName: job.data.firstName,
        link: verificationLink(appUrl, unsealSecret(job.data.sealedToken, sealingPrivateKeyPem, verificationTokenSealContext(job.to))),
        validHours: job.data.validHours,
      });
    case 'analysis-report':
      return renderAnalysisReport(job.data);
    case 'clipboard':
      return renderClipboard(job.data);
  }
}
