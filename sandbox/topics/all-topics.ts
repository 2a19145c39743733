import { baking } from './baking';
import { coffee } from './coffee';
import { deHundefutter } from './de-hundefutter';
import { dentalCare } from './dental-care';
import { dogFood } from './dog-food';
import { esHelados } from './es-helados';
import { esViajesFlorida } from './es-viajes-florida';
import { floridaTravel } from './florida-travel';
import { frPerformanceWeb } from './fr-performance-web';
import { gadgets } from './gadgets';
import { gardening } from './gardening';
import { homeRepair } from './home-repair';
import { iceCream } from './ice-cream';
import { liveMusic } from './live-music';
import { outdoors } from './outdoors';
import { personalFinance } from './personal-finance';
import { photography } from './photography';
import { pickleball } from './pickleball';
import { ptViagemFlorida } from './pt-viagem-florida';
import { stockMarket } from './stock-market';
import type { Topic } from './topic';
import { truckParts } from './truck-parts';
import { webPerformance } from './web-performance';

const topics: readonly Topic[] = [
  iceCream,
  dogFood,
  webPerformance,
  truckParts,
  floridaTravel,
  stockMarket,
  baking,
  gardening,
  coffee,
  outdoors,
  photography,
  homeRepair,
  personalFinance,
  liveMusic,
  dentalCare,
  gadgets,
  pickleball,
  esHelados,
  esViajesFlorida,
  frPerformanceWeb,
  deHundefutter,
  ptViagemFlorida,
];

const byId = new Map(topics.map((topic) => [topic.id, topic]));

export function topicById(id: string): Topic {
  const topic = byId.get(id);
  if (!topic) throw new Error(`Unknown sandbox topic: ${id}`);
  return topic;
}
