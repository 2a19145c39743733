import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { RANK_PARAMS } from '@core/rank-tracking/links';
import { useAddressParams } from '../../app/use-address-params';
import { daysFromParams, HISTORY_DAYS } from './rank-filters';

/** The window a chart covers, kept in the address; returns it with the buttons. */
export function useDaysToggle(name: string) {
  const [params, changeParams] = useAddressParams();
  const days = daysFromParams(params);
  const toggle = (
    <ToggleButtonGroup
      type="radio"
      name={name}
      size="sm"
      value={days}
      onChange={(value: number) =>
        changeParams(
          (p) => {
            p.set(RANK_PARAMS.days, String(value));
            return p;
          },
          { replace: true },
        )
      }
    >
      {HISTORY_DAYS.map((d) => (
        <ToggleButton key={d} id={`${name}-${d}`} value={d} variant="outline-secondary">
          {d} days
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
  return { days, toggle };
}
