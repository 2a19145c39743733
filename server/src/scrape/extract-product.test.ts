import { describe, expect, it } from 'vitest';
import { extractProduct } from './extract-product';

const PAGE = 'https://shop.test/p/rope-toy-4711';
const page = (head: string, body = '') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const jsonLd = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('extractProduct', () => {
  it('reads a JSON-LD ProductGroup in @graph with referenced variants', () => {
    const group = {
      '@type': 'ProductGroup',
      '@id': `${PAGE}#group`,
      name: 'Rope Toy',
      productGroupID: '4711',
      image: ['/images/rope.png'],
      brand: { '@type': 'Brand', name: 'TrueTail' },
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
      offers: { '@type': 'AggregateOffer', lowPrice: '7.00', highPrice: '12.50', offerCount: 2 },
      hasVariant: [{ '@id': `${PAGE}#s` }, { '@id': `${PAGE}#l` }],
    };
    const variant = (id: string, size: string, price: string, extra: object) => ({
      '@type': 'Product',
      '@id': `${PAGE}#${id}`,
      name: `Rope Toy, ${size}`,
      sku: `RT-${id}`,
      gtin12: `00000000000${id === 's' ? 1 : 2}`,
      size,
      color: 'Red',
      additionalProperty: [{ '@type': 'PropertyValue', name: 'Size', value: size }],
      offers: {
        '@type': 'Offer',
        url: `/p/rope-toy-4711?variant=${id}`,
        price,
        availability: 'https://schema.org/OutOfStock',
        ...extra,
      },
    });
    const html = page(
      `<script type="application/ld+json">{ broken</script>${jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          group,
          variant('s', 'S', '7.00', {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              priceType: 'https://schema.org/StrikethroughPrice',
              price: '9.00',
            },
          }),
          variant('l', 'L', '12.50', {}),
        ],
      })}`,
    );
    expect(extractProduct(html, PAGE)).toEqual({
      item_number: '4711',
      url: PAGE,
      name: 'Rope Toy',
      brand: 'TrueTail',
      image: 'https://shop.test/images/rope.png',
      sku: 'RT-s',
      gtin12: '000000000001',
      offerCount: 2,
      lowPrice: 7,
      highPrice: 12.5,
      compound: true,
      availability: 'OutOfStock',
      extractedFrom: 'json-ld',
      variants: [
        {
          sku: 'RT-s',
          url: 'https://shop.test/p/rope-toy-4711?variant=s',
          name: 'Rope Toy, S',
          price: 7,
          listPrice: 9,
          variant_types: [
            { type: 'Size', value: 'S' },
            { type: 'Color', value: 'Red' },
          ],
        },
        {
          sku: 'RT-l',
          url: 'https://shop.test/p/rope-toy-4711?variant=l',
          name: 'Rope Toy, L',
          price: 12.5,
          listPrice: null,
          variant_types: [
            { type: 'Size', value: 'L' },
            { type: 'Color', value: 'Red' },
          ],
        },
      ],
    });
  });

  it('finds variants by isVariantOf when the group lists none', () => {
    const html = page(
      jsonLd([
        { '@type': 'ProductGroup', '@id': '#g', name: 'Bed', productGroupID: 'B1' },
        { '@type': 'Product', sku: 'B1-M', isVariantOf: { '@id': '#g' }, offers: { price: 40 } },
        { '@type': 'Product', sku: 'B1-L', isVariantOf: { '@id': '#g' }, offers: { price: 55 } },
      ]),
    );
    const product = extractProduct(html, PAGE)!;
    expect(product.variants.map((v) => [v.sku, v.name, v.price])).toEqual([
      ['B1-M', 'Bed', 40],
      ['B1-L', 'Bed', 55],
    ]);
    expect([product.lowPrice, product.highPrice, product.offerCount]).toEqual([40, 55, 2]);
  });

  it('reads a single Product with an AggregateOffer as one variant', () => {
    const html = page(
      jsonLd([
        { '@type': 'BreadcrumbList', itemListElement: [] },
        {
          '@type': 'http://schema.org/Product',
          name: 'Kibble',
          sku: 'K-1',
          gtin: '123456789012',
          brand: 'Barkwell',
          image: { '@type': 'ImageObject', url: 'https://cdn.test/k.png' },
          offers: {
            '@type': 'AggregateOffer',
            lowPrice: 18.5,
            highPrice: '$1,024.00',
            offerCount: '3',
            offers: [
              {
                '@type': 'Offer',
                price: '18.50',
                availability: 'InStock',
                priceSpecification: [{ priceType: 'ListPrice', price: '20.00' }],
              },
            ],
          },
        },
      ]),
    );
    expect(extractProduct(html, PAGE)).toMatchObject({
      item_number: '4711', // No group id or product id: the number in the URL.
      name: 'Kibble',
      brand: 'Barkwell',
      image: 'https://cdn.test/k.png',
      sku: 'K-1',
      gtin12: '123456789012',
      offerCount: 3,
      lowPrice: 18.5,
      highPrice: 1024,
      compound: false,
      availability: 'InStock',
      variants: [{ sku: 'K-1', url: PAGE, price: 18.5, listPrice: 20, variant_types: [] }],
    });
  });

  it('falls back to microdata', () => {
    const html = page(
      '',
      `<div itemscope itemtype="https://schema.org/Product">
        <h1 itemprop="name">Chew  Bone</h1>
        <img itemprop="image" src="/img/bone.jpg">
        <div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">NorthPaw</span></div>
        <meta itemprop="sku" content="CB-9">
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <span itemprop="price" content="14.70">$14.70</span>
          <link itemprop="availability" href="https://schema.org/InStock">
        </div>
      </div>`,
    );
    expect(extractProduct(html, PAGE)).toMatchObject({
      extractedFrom: 'microdata',
      name: 'Chew Bone',
      brand: 'NorthPaw',
      image: 'https://shop.test/img/bone.jpg',
      sku: 'CB-9',
      availability: 'InStock',
      lowPrice: 14.7,
      variants: [{ sku: 'CB-9', name: 'Chew Bone', price: 14.7 }],
    });
  });

  it('falls back to the markup: h1 and a stated price', () => {
    const html = page(
      '<meta property="og:image" content="/og.png"><meta property="product:price:amount" content="22.36"><meta property="product:brand" content="Meadow &amp; Paw">',
      '<main><h1>Puppy Formula</h1><p>$22.36</p></main>',
    );
    expect(extractProduct(html, PAGE)).toMatchObject({
      extractedFrom: 'markup',
      item_number: '4711',
      name: 'Puppy Formula',
      brand: 'Meadow & Paw',
      image: 'https://shop.test/og.png',
      lowPrice: 22.36,
      highPrice: 22.36,
      offerCount: 1,
      variants: [{ price: 22.36, url: PAGE }],
    });
  });

  it('finds nothing on a page without product data', () => {
    const html = page(jsonLd({ '@type': 'Article', headline: 'Dog food' }), '<h1>About us</h1>');
    expect(extractProduct(html, PAGE)).toBeNull();
  });
});
