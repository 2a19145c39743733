import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { GOOGLE_SAYS_TOPICS } from '@core/google-says';
import { SearchableSelect } from '../../components/searchable-select';

// The empty value stands for "no preset chosen yet".
const TOPIC_OPTIONS = [
  { value: '', label: 'Choose a topic' },
  ...GOOGLE_SAYS_TOPICS.map((topic) => ({ value: topic, label: topic })),
];

interface Props {
  preset: string;
  custom: string;
  onPreset(topic: string): void;
  onCustom(topic: string): void;
}

/** A preset topic from the list, or a typed one that takes its place. */
export function TopicFields({ preset, custom, onPreset, onCustom }: Props) {
  return (
    <Row className="g-3">
      <Col md>
        <SearchableSelect
          label="Preset topic"
          options={TOPIC_OPTIONS}
          value={preset}
          onChange={onPreset}
          testId="google-says-topic"
        />
      </Col>
      <Col md>
        <Form.Group className="mb-3" controlId="google-says-custom-topic">
          <Form.Label>Or your own topic</Form.Label>
          <Form.Control
            value={custom}
            onChange={(e) => onCustom(e.target.value)}
            placeholder="e.g. INP"
          />
          <Form.Text>When filled, it is searched instead of the chosen topic.</Form.Text>
        </Form.Group>
      </Col>
    </Row>
  );
}
