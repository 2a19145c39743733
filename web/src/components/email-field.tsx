import Form from 'react-bootstrap/Form';

interface Props {
  id: string;
  label?: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
}

/** An email input with its validation message under it. */
export function EmailField({ id, label = 'Email', value, onChange, error }: Props) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="email"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={Boolean(error)}
        autoComplete="email"
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
