import { Check } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { DEFAULT_COUNTRY, DEFAULT_GOOGLE_DOMAIN, DEFAULT_LANGUAGE } from '@core/limits';
import { authApi, authKeys } from '../../api/auth';
import { CheckEmailView } from '../../app/auth/check-email-view';
import { readOrigin } from '../../app/auth/origin';
import { validateEmail } from '../../app/auth/validation';
import { useSettings } from '../../app/settings/settings-context';
import { EmailField } from '../../components/email-field';

interface Props {
  kind: 'secure-link' | 'reset-password';
  heading: string;
  intro: string;
  invalidMessage: string;
}

/** Asks for a sign-in link or a password-reset link by email, and offers to send it again. */
export function EmailLinkRequest({ kind, heading, intro, invalidMessage }: Props) {
  const { settings } = useSettings();
  const [email, setEmail] = useState(() => readOrigin().email);
  const [error, setError] = useState<string>();

  const request = () => {
    const { googleDomain, country, language } = settings;
    // Only settings that differ from the defaults travel with the link.
    const differs =
      googleDomain !== DEFAULT_GOOGLE_DOMAIN ||
      country !== DEFAULT_COUNTRY ||
      language !== DEFAULT_LANGUAGE;
    const origin = readOrigin();
    const body = {
      originUrl: origin.originUrl,
      ...(origin.searchKeyword ? { searchKeyword: origin.searchKeyword } : {}),
      ...(differs ? { googleDomain, country, language } : {}),
    };
    return authApi.requestEmailLink(kind, email.trim(), body);
  };
  const options = {
    mutationKey: authKeys.emailLink(kind),
    mutationFn: request,
    onError: (e: Error) => console.error(`${kind} request failed`, e),
  };
  // Sending and sending again are told apart: a failed resend leaves the sent view.
  const send = useMutation(options);
  const resend = useMutation(options);
  const busy = send.isPending || resend.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmail(email, invalidMessage);
    setError(problem);
    if (problem) return;
    send.mutate();
  };

  return (
    <Container className="py-5" style={{ maxWidth: 480 }}>
      {send.isSuccess ? (
        <CheckEmailView>
          <p className="text-muted">We sent it to {email.trim()}.</p>
          {resend.isSuccess ? (
            <>
              <Check size={36} className="text-success" role="img" aria-label="Email resent" />
              <p className="small text-muted" data-testid="resend-help">
                Sent again. It can take a minute to arrive; check your spam folder, and make sure{' '}
                {email.trim()} is the address you signed up with.
              </p>
            </>
          ) : (
            <Button variant="outline-secondary" onClick={() => resend.mutate()} disabled={busy}>
              resend email
            </Button>
          )}
        </CheckEmailView>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          <h1 className="h3">{heading}</h1>
          <p className="text-muted">{intro}</p>
          <EmailField id={`${kind}-email`} value={email} onChange={setEmail} error={error} />
          <Button type="submit" className="w-100" disabled={busy}>
            Send link
          </Button>
        </Form>
      )}
    </Container>
  );
}
