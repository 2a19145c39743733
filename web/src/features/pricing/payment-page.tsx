import Container from 'react-bootstrap/Container';

export function PaymentPage() {
  return (
    <Container className="py-4">
      <h1 className="h2">Payment</h1>
    </Container>
  );
}
