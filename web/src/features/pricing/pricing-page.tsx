import Container from 'react-bootstrap/Container';

export function PricingPage() {
  return (
    <Container className="py-4">
      <h1 className="h2">Pricing</h1>
    </Container>
  );
}
