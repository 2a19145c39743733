import Container from 'react-bootstrap/Container';

export function GoogleSaysPage() {
  return (
    <Container className="py-4">
      <h1 className="h2">Google Says</h1>
    </Container>
  );
}
