import type { RankAlerts } from '@core/schemas/rank-tracking';

/** A list typed in one box: competitors or tags, split on commas, semicolons or new lines. */
export const splitList = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** The alert settings as the form holds them: the move as typed, blank for none. */
export interface AlertFields {
  move: string;
  top3: boolean;
  top10: boolean;
  features: boolean;
}

export const alertFieldsOf = (alerts: RankAlerts): AlertFields => ({
  move: alerts.move === null ? '' : String(alerts.move),
  top3: alerts.top3,
  top10: alerts.top10,
  features: alerts.features,
});

/** The alerts to send; a move that is not a whole number is sent as typed, for the API's message. */
export const alertsOf = (fields: AlertFields) => ({
  move: fields.move.trim() ? Number(fields.move) : null,
  top3: fields.top3,
  top10: fields.top10,
  features: fields.features,
});
