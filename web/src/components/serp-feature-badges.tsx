import type { LucideIcon } from 'lucide-react';
import {
  Image,
  ListTree,
  MapPin,
  MessageCircleQuestion,
  Newspaper,
  Quote,
  ShoppingCart,
  Sparkles,
  Video,
} from 'lucide-react';
import {
  ownsFeature,
  SERP_FEATURE_NAMES,
  type SerpFeature,
  type SerpFeatureKind,
} from '@core/schemas/serp-features';

export const SERP_FEATURE_ICONS: Record<SerpFeatureKind, LucideIcon> = {
  featured_snippet: Quote,
  people_also_ask: MessageCircleQuestion,
  local_pack: MapPin,
  images: Image,
  videos: Video,
  top_stories: Newspaper,
  shopping: ShoppingCart,
  sitelinks: ListTree,
  ai_overview: Sparkles,
};

/**
 * The SERP features a check saw, each an icon with its name; those `domain` owns are
 * filled and say so. Unknown features (a failed or older check) are '-', never "none".
 * `names` shows each name beside its icon, where there is room.
 */
export function SerpFeatureBadges({
  features,
  domain,
  names = false,
}: {
  features: readonly SerpFeature[] | null | undefined;
  domain: string;
  names?: boolean;
}) {
  if (!features) {
    return (
      <span title="Not known for this check" data-testid="serp-features-unknown">
        -
      </span>
    );
  }
  if (features.length === 0) {
    return (
      <span className="small text-muted" data-testid="serp-features-none">
        None
      </span>
    );
  }
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" data-testid="serp-features">
      {features.map((feature) => {
        const Icon = SERP_FEATURE_ICONS[feature.kind];
        const owned = ownsFeature(feature, domain);
        const label = `${SERP_FEATURE_NAMES[feature.kind]}${owned ? ` (owned by ${domain})` : ''}`;
        return (
          <li
            key={feature.kind}
            title={label}
            data-testid="serp-feature"
            data-kind={feature.kind}
            data-owned={owned}
            className={`badge position-relative d-inline-flex align-items-center gap-1 ${
              owned ? 'text-bg-success' : 'text-bg-light border'
            }`}
          >
            {/* position-relative above keeps the hidden name inside a scrolled table. */}
            <Icon size={14} aria-hidden />
            <span className={names ? undefined : 'visually-hidden'}>{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
