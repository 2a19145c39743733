import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { SIGN_IN_COOKIES_MAX } from '@core/flows/sign-in';
import { ROUTES } from '@core/routes';
import { SIGN_IN_MESSAGES } from '@core/messages/sign-in';
import { useFlowList, useSecrets } from '../../api/flows';
import type { SignInDraft } from './sign-in-draft';

/**
 * How a tracked page signs in: a sign-in flow of the workspace, cookies from its secrets.
 * Loaded with the form's sign-in part only: the flows' queries stay out of the page's chunk.
 */
export default function SignInFields({
  value,
  onChange,
}: {
  value: SignInDraft;
  onChange(next: SignInDraft): void;
}) {
  const flows = useFlowList();
  const secrets = useSecrets();
  const names = secrets.data?.secrets.map((secret) => secret.name) ?? [];
  const setCookie = (index: number, patch: Partial<SignInDraft['cookies'][number]>) =>
    onChange({
      ...value,
      cookies: value.cookies.map((cookie, i) => (i === index ? { ...cookie, ...patch } : cookie)),
    });
  return (
    <fieldset className="mt-3" data-testid="sign-in-fields">
      <legend className="form-label fs-6">{SIGN_IN_MESSAGES.signInLegend}</legend>
      <Form.Text as="p" className="mt-0">
        {SIGN_IN_MESSAGES.signInIntro}
      </Form.Text>
      <Form.Group className="mb-2" controlId="tracked-sign-in-flow">
        <Form.Label className="small mb-1">{SIGN_IN_MESSAGES.signInFlow}</Form.Label>
        <Form.Select
          size="sm"
          value={value.flowId ?? ''}
          onChange={(e) => onChange({ ...value, flowId: e.target.value || null })}
        >
          <option value="">{SIGN_IN_MESSAGES.signInNoFlow}</option>
          {flows.data?.flows.map((flow) => (
            <option key={flow.id} value={flow.id}>
              {flow.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {value.cookies.map((cookie, index) => (
        <Row key={index} className="g-2 align-items-end mb-2" data-testid="sign-in-cookie">
          <Col xs={12} sm={5}>
            <Form.Group controlId={`tracked-cookie-name-${index}`}>
              <Form.Label className="small mb-1">{SIGN_IN_MESSAGES.signInCookieName}</Form.Label>
              <Form.Control
                size="sm"
                value={cookie.name}
                onChange={(e) => setCookie(index, { name: e.target.value.trim() })}
              />
            </Form.Group>
          </Col>
          <Col xs={8} sm={5}>
            <Form.Group controlId={`tracked-cookie-secret-${index}`}>
              <Form.Label className="small mb-1">{SIGN_IN_MESSAGES.signInCookieSecret}</Form.Label>
              <Form.Select
                size="sm"
                value={cookie.secret}
                onChange={(e) => setCookie(index, { secret: e.target.value })}
              >
                <option value="" disabled>
                  —
                </option>
                {names.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={4} sm={2}>
            <Button
              size="sm"
              variant="outline-secondary"
              className="w-100"
              onClick={() =>
                onChange({ ...value, cookies: value.cookies.filter((_, i) => i !== index) })
              }
            >
              {SIGN_IN_MESSAGES.signInRemoveCookie}
            </Button>
          </Col>
        </Row>
      ))}
      {secrets.isSuccess && names.length === 0 && (
        <Form.Text as="p">
          {SIGN_IN_MESSAGES.signInNoSecrets} <Link to={ROUTES.flows}>User flows</Link>
        </Form.Text>
      )}
      {value.cookies.length < SIGN_IN_COOKIES_MAX && (
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() =>
            onChange({
              ...value,
              cookies: [...value.cookies, { name: '', secret: names[0] ?? '' }],
            })
          }
        >
          {SIGN_IN_MESSAGES.signInAddCookie}
        </Button>
      )}
    </fieldset>
  );
}
