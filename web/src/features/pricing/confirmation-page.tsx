import Container from 'react-bootstrap/Container';

export function ConfirmationPage() {
  return (
    <Container className="py-4">
      <h1 className="h2">Confirmation</h1>
    </Container>
  );
}
