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

export type CardErrors = Partial<Record<keyof CardInput, string>>;

/**
 * Checks the card fields the way the card provider's form does: the card, or a message for
 * each field that is wrong.
 */
export function parseCard(card: CardInput): { card: ParsedCard } | { errors: CardErrors } {
  const number = card.number.replace(/[\s-]/g, '');
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const cvc = card.cvc.trim();
  const errors: CardErrors = {};
  if (!number) errors.number = 'Your card number is incomplete.';
  else if (!/^\d{12,19}$/.test(number)) errors.number = 'Your card number is invalid.';
  if (!expiry) errors.expiry = "Your card's expiration date is incomplete.";
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = "Your card's security code is incomplete.";
  if (!expiry || Object.keys(errors).length > 0) return { errors };
  return { card: { number, expMonth: Number(expiry[1]), expYear: Number(expiry[2]), cvc } };
}

interface Props {
  value: CardInput;
  onChange(value: CardInput): void;
  errors?: CardErrors | undefined;
}

const FieldError = ({ text }: { text: string | undefined }) =>
  text ? <Form.Control.Feedback type="invalid">{text}</Form.Control.Feedback> : null;

/** Card number, expiry and CVC for the local test processor. */
export function LocalCardFields({ value, onChange, errors = {} }: Props) {
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
          isInvalid={Boolean(errors.number)}
        />
        <FieldError text={errors.number} />
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
              isInvalid={Boolean(errors.expiry)}
            />
            <FieldError text={errors.expiry} />
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
              isInvalid={Boolean(errors.cvc)}
            />
            <FieldError text={errors.cvc} />
          </Form.Group>
        </Col>
      </Row>
    </fieldset>
  );
}
