import { useEffect } from 'react';
import Form from 'react-bootstrap/Form';
import { CATEGORY_DROP_POINTS, type OptionalCategory } from '@core/lighthouse-categories';
import { useSpeedReadiness } from '../../api/speed-runs';
import { useSession } from '../../app/session/session-context';
import { useCategoryChoice } from '../../app/settings/category-choice';
import { CategoryChoiceField } from '../../components/categories/category-choice-field';

/**
 * The Lighthouse categories a tracked page's checks measure beside performance, in the
 * page's form (its own chunk: the settings' store and the lab's source load with it). A new
 * page starts with the choice last made for tracked pages, and remembers a change.
 */
export default function TrackedCategoriesField({
  value,
  onChange,
  isNew,
}: {
  /** Null until the remembered choice is taken (a new page). */
  value: OptionalCategory[] | null;
  onChange(next: OptionalCategory[]): void;
  isNew: boolean;
}) {
  const { session, signedIn } = useSession();
  const [remembered, remember] = useCategoryChoice('trackedPages', signedIn ? session.token : null);
  const labSource = useSpeedReadiness().data?.source ?? null;
  useEffect(() => {
    if (value === null) onChange(remembered);
  }, [value, remembered, onChange]);
  return (
    <div className="mb-3" data-testid="tracked-categories">
      <CategoryChoiceField
        label="Also track"
        value={value ?? remembered}
        onChange={(next) => {
          onChange(next);
          if (isNew) remember(next);
        }}
        source={labSource}
      />
      <Form.Text>
        Each check measures these Lighthouse categories beside performance and keeps their scores; a
        score {CATEGORY_DROP_POINTS} points or more below the earlier checks&apos; is a regression.
        A category with a budget below is measured too.
      </Form.Text>
    </div>
  );
}
