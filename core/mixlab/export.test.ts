import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ScrapedProduct } from '../schemas/scrape';
import { ITEM_HEADERS, VARIANT_HEADERS, itemsCsv, variantsCsv } from './export';

const product: ScrapedProduct = {
  item_number: '100201',
  url: 'http://petshop.example/p/a-100201',
  name: 'NorthPaw Grain-Free, Dry Dog Food',
  brand: 'NorthPaw',
  image: 'http://petshop.example/i.png',
  sku: 'PS-100201-01',
  gtin12: '812345678905',
  offerCount: 2,
  lowPrice: 40,
  highPrice: 74,
  compound: true,
  availability: 'InStock',
  extractedFrom: 'json-ld',
  variants: [
    {
      sku: 'PS-100201-01',
      url: 'http://petshop.example/p/a-100201?variant=PS-100201-01',
      name: 'NorthPaw Grain-Free Dry Dog Food, 4 lb, Chicken',
      price: 40,
      listPrice: 50,
      variant_types: [
        { type: 'Size', value: '4 lb' },
        { type: 'Flavor', value: 'Chicken' },
      ],
    },
    {
      sku: 'PS-100201-02',
      url: 'http://petshop.example/p/a-100201?variant=PS-100201-02',
      name: '=cmd',
      price: 49,
      listPrice: null,
      variant_types: [{ type: 'Size', value: '15 lb' }],
    },
  ],
};

const parse = (csv: string) => Papa.parse<string[]>(csv).data;

describe('MixLab CSVs', () => {
  it('writes scraped_items with the fixed columns, names without commas and the default variant discount', () => {
    const [header, row] = parse(itemsCsv([product]));
    expect(header).toEqual([...ITEM_HEADERS]);
    expect(header).toContain('availabilty');
    expect(row).toEqual([
      '100201',
      'http://petshop.example/p/a-100201',
      'NorthPaw Grain-Free Dry Dog Food',
      '10',
      '20%',
      'NorthPaw',
      '2',
      'PS-100201-01',
      '812345678905',
      '40',
      '74',
      'true',
      'InStock',
      'http://petshop.example/i.png',
    ]);
  });

  it('writes one scraped_variants row per variant, free shipping from 49, formulas neutralised', () => {
    const rows = parse(variantsCsv([product]));
    expect(rows[0]).toEqual([...VARIANT_HEADERS]);
    expect(rows[1]!.slice(4)).toEqual(['40', 'false', 'Size', '4 lb', 'Flavor', 'Chicken', '', '']);
    expect(rows[2]![3]).toBe("'=cmd");
    expect(rows[2]!.slice(4, 8)).toEqual(['49', 'true', 'Size', '15 lb']);
  });
});
