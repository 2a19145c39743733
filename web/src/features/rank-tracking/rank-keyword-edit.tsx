import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import {
  patchRankKeywordBodySchema,
  RANK_COMPETITORS_MAX,
  type RankKeyword,
} from '@core/schemas/rank-tracking';
import { useRankKeywordMutations } from '../../api/rank-tracking';
import { alertFieldsOf, alertsOf, splitList, type AlertFields } from './rank-form-fields';
import { AlertInputs, DepthInput, ListInput } from './rank-form-inputs';

type Problems = Partial<Record<'depth' | 'competitors' | 'tags' | 'alerts', string>>;

/**
 * What may change of a tracked keyword: its depth, competitors, tags and alerts (the
 * keyword, domain, device and place make it the keyword it is, so they do not change).
 */
export function RankKeywordEdit({
  keyword: k,
  onClose,
}: {
  keyword: RankKeyword;
  onClose(): void;
}) {
  const id = useId();
  const { update } = useRankKeywordMutations();
  const [depth, setDepth] = useState(String(k.depth));
  const [competitors, setCompetitors] = useState(k.competitors.join(', '));
  const [tags, setTags] = useState(k.tags.join(', '));
  const [alerts, setAlerts] = useState<AlertFields>(alertFieldsOf(k.alerts));
  const [problems, setProblems] = useState<Problems>({});

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = patchRankKeywordBodySchema.safeParse({
      depth: Number(depth),
      competitors: splitList(competitors),
      tags: splitList(tags),
      alerts: alertsOf(alerts),
    });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Problems;
        found[field] ??= issue.message;
      }
      return setProblems(found);
    }
    setProblems({});
    update.mutate({ id: k.id, body: parsed.data }, { onSuccess: onClose });
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Form onSubmit={save} noValidate data-testid="rank-edit">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id={`${id}-title`}>
            Edit “{k.keyword}” for {k.domain}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-grid gap-3">
          <div>
            <DepthInput
              id={`${id}-depth`}
              value={depth}
              onChange={setDepth}
              problem={problems.depth}
            />
          </div>
          <div>
            <ListInput
              id={`${id}-competitors`}
              label={`Competitors (up to ${RANK_COMPETITORS_MAX})`}
              placeholder="rival.com, other.org"
              value={competitors}
              onChange={setCompetitors}
              problem={problems.competitors}
            />
          </div>
          <div>
            <ListInput
              id={`${id}-tags`}
              label="Tags"
              placeholder="brand, blog"
              value={tags}
              onChange={setTags}
              problem={problems.tags}
            />
          </div>
          <AlertInputs
            id={`${id}-alerts`}
            value={alerts}
            onChange={setAlerts}
            problem={problems.alerts}
          />
          {update.isError && (
            <Alert variant="danger" className="mb-0">
              {update.error.message}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
            Save
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
