export type Lang = 'en' | 'es' | 'fr' | 'de' | 'pt';

/**
 * The vocabulary one cluster of sites writes with. Templates use `{slot}` placeholders
 * (`{Slot}` capitalises the value): built-in slots are phrase, topic, item, item2, items
 * (plural noun), adj, adj2, audience, n, pct, year and site; `slots` adds topic-specific ones.
 */
export interface Topic {
  id: string;
  /** What the cluster is about, in its own language, as a searcher would name it. */
  label: string;
  lang: Lang;
  /** Key phrases; the first is the cluster's main phrase and appears on nearly every page. */
  phrases: readonly string[];
  /** Concrete things the pages talk about (flavours, cities, tickers…). */
  items: readonly string[];
  /** Singular and plural noun for an item. */
  itemNoun: readonly [string, string];
  adjectives: readonly string[];
  audiences: readonly string[];
  /** Topic sentences. */
  facts: readonly string[];
  /** Opening sentences; each names the main phrase through `{topic}` or `{phrase}`. */
  intros: readonly string[];
  headings: readonly string[];
  titles: readonly string[];
  questions: readonly { q: string; a: string }[];
  /** Imperative steps for how-to and recipe pages. */
  steps: readonly string[];
  slots?: Readonly<Record<string, readonly string[]>>;
  ingredients?: readonly string[];
  /**
   * Brands and product kinds for shop and review pages. Names read "<brand> <item> <kind>"
   * by default, "<brand> <kind>" with naming 'brand-kind', or the item alone with 'item'.
   */
  products?: {
    brands: readonly string[];
    kinds: readonly string[];
    naming?: 'brand-item-kind' | 'brand-kind' | 'item';
  };
  /** Business nouns for directory listings ("Creamery", "Oyster Bar"). */
  venues?: readonly string[];
  /** Numeric columns of data-table pages; rows are items. */
  tableColumns?: readonly {
    label: string;
    min: number;
    max: number;
    decimals: number;
    prefix?: string;
    suffix?: string;
  }[];
  events?: readonly string[];
  /** Cities where the cluster's local businesses sit. */
  places?: readonly string[];
}
