import Container from 'react-bootstrap/Container';

export function CancelPage() {
  return (
    <Container className="py-4">
      <h1 className="h2">Are you sure?</h1>
    </Container>
  );
}
