import type { LabKey } from '@core/speed-summary';

export type CardTab = 'content' | 'schema' | 'lab' | 'field' | 'filmstrip' | 'tech';

/** The selected tab and metrics, shared by all cards. */
export interface CardView {
  tab: CardTab;
  lab: LabKey;
  field: string;
}
export const DEFAULT_CARD_VIEW: CardView = { tab: 'content', lab: 'psi', field: 'lcp' };
