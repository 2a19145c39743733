import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';

export interface CardInput {
  number: string;
  /** MM / YY as typed. */
  expiry: string;
  cvc: string;
}

export interface ParsedCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Checks the card fields the way the card provider's form does; a message or the card. */
export function parseCard(card: CardInput): ParsedCard | string {
  const number = card.number.replace(/[\s-]/g, '');
  if (!number) return 'Your card number is incomplete.';
  if (!/^\d{12,19}$/.test(number)) return 'Your card number is invalid.';
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  if (!expiry) return "Your card's expiration date is incomplete.";
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is incomplete.";
  return { number, expMonth: Number(expiry[1]), expYear: Number(expiry[2]), cvc: card.cvc.trim() };
}

interface Props {
  value: CardInput;
  onChange(value: CardInput): void;
  error?: string | undefined;
}

/** Card number, expiry and CVC for the local test processor. */
export function LocalCardFields({ value, onChange, error }: Props) {
  return (
    <fieldset className="mb-3">
      <Form.Group className="mb-2" controlId="pay-card-number">
        <Form.Label>Card number</Form.Label>
        <Form.Control
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={value.number}
          onChange={(e) => onChange({ ...value, number: e.target.value })}
          isInvalid={Boolean(error)}
        />
      </Form.Group>
      <Row>
        <Col>
          <Form.Group controlId="pay-card-expiry">
            <Form.Label>Expiry</Form.Label>
            <Form.Control
              placeholder="MM / YY"
              autoComplete="cc-exp"
              value={value.expiry}
              onChange={(e) => onChange({ ...value, expiry: e.target.value })}
              isInvalid={Boolean(error)}
            />
          </Form.Group>
        </Col>
        <Col>
          <Form.Group controlId="pay-card-cvc">
            <Form.Label>CVC</Form.Label>
            <Form.Control
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="CVC"
              value={value.cvc}
              onChange={(e) => onChange({ ...value, cvc: e.target.value })}
              isInvalid={Boolean(error)}
            />
          </Form.Group>
        </Col>
      </Row>
      {error && (
        <div className="text-danger small mt-1" data-testid="card-error">
          {error}
        </div>
      )}
    </fieldset>
  );
}
