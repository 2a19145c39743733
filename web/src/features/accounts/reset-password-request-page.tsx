import { MESSAGES } from '@core/messages';
import { EmailLinkRequest } from './email-link-request';

export function ResetPasswordRequestPage() {
  return (
    <EmailLinkRequest
      kind="reset-password"
      heading="Reset your password"
      intro="We will email you a link to set a new password. It works once, for 60 minutes."
      invalidMessage={MESSAGES.emailInvalidCreate}
    />
  );
}
