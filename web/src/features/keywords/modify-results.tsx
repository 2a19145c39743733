import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { KEYWORD_TERM_MAX } from '@core/keywords/limits';
import type { AffixMode } from '@core/keywords/modify';
import { KEYWORD_MESSAGES } from '@core/messages';

interface Props {
  active: { term: string; mode: AffixMode } | null;
  onApply(term: string, mode: AffixMode): void;
  onClear(): void;
  onTooLong(message: string): void;
}

/** 'Modify results': append or prepend a term to every keyword. */
export function ModifyResults({ active, onApply, onClear, onTooLong }: Props) {
  const [term, setTerm] = useState('');
  const [mode, setMode] = useState<AffixMode>('append');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (term.length > KEYWORD_TERM_MAX) return onTooLong(KEYWORD_MESSAGES.termTooLong);
    if (!term.trim()) return;
    onApply(term, mode);
  };

  return (
    <Form onSubmit={apply} className="my-3" data-testid="modify-results">
      <Form.Label htmlFor="keyword-affix" className="fw-semibold">
        Modify results
      </Form.Label>
      <InputGroup>
        <ButtonGroup aria-label="Append or prepend">
          {(['append', 'prepend'] as const).map((m) => (
            <Button
              key={m}
              variant={mode === m ? 'secondary' : 'outline-secondary'}
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
            >
              {m === 'append' ? 'Append' : 'Prepend'}
            </Button>
          ))}
        </ButtonGroup>
        <Form.Control
          id="keyword-affix"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder={mode === 'append' ? 'e.g. near me' : 'e.g. best'}
        />
        <Button type="submit">Apply</Button>
      </InputGroup>
      {active && (
        <Button variant="link" size="sm" className="px-0" onClick={onClear}>
          clear
        </Button>
      )}
    </Form>
  );
}
