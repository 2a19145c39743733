import { MESSAGES } from '@core/messages';
import { EmailLinkRequest } from './email-link-request';

export function SecureLinkPage() {
  return (
    <EmailLinkRequest
      kind="secure-link"
      heading="Get a secure link to sign in"
      intro="We will email you a link that signs you in. It works once, for 15 minutes."
      invalidMessage={MESSAGES.emailInvalidSignIn}
    />
  );
}
