import products from './products.json';

/** A product page's copy (/products/{slug}); the four pages' texts are in products.json. */
export type Product = {
  slug: string;
  name: string;
  eyebrow: string;
  title: string;
  lead: string;
  stats: { value: string; label: string }[];
  features: { title: string; text: string }[];
  process: { title: string; text: string }[];
  faq: { q: string; a: string }[];
};

export const PRODUCTS: Product[] = products;
