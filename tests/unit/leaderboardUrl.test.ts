import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '../../machines/projects/leaderboard/leaderboard.machine';
import { queryFromSearch, searchFromQuery } from '../../machines/projects/leaderboard/leaderboard.url';

/** The leaderboard's tab, category, keyword, page, sort and filters live in the address. */
const DEFAULTS = { tab: 'score', category: '', keyword: '' } as const;

describe('leaderboard query in the address', () => {
  it('reads the defaults from an address without parameters', () => {
    expect(queryFromSearch('')).toEqual({
      tab: 'score',
      category: '',
      keyword: '',
      sort: 'rank',
      order: 'asc',
      page: 1,
      filters: EMPTY_FILTERS,
    });
  });

  it('writes nothing for the defaults, so home stays /', () => {
    expect(searchFromQuery('', queryFromSearch(''))).toBe('');
  });

  it('round-trips page, sort, order and every filter', () => {
    const query = {
      ...DEFAULTS,
      sort: 'score' as const,
      order: 'asc' as const,
      page: 4,
      filters: { chain: 'Ethereum', tier: 'AA', audit: 'audited', kyc: true, minScore: '60', maxScore: '90' },
    };
    const search = searchFromQuery('', query);
    expect(search).toBe(
      '?sort=score&order=asc&page=4&chain=Ethereum&tier=AA&audit=audited&kyc=true&min=60&max=90',
    );
    expect(queryFromSearch(search)).toEqual(query);
  });

  it('round-trips the tab, the category and the keyword', () => {
    const query = { ...queryFromSearch(''), tab: 'kyc' as const, category: 'DEX' as const, keyword: 'uni' };
    const search = searchFromQuery('', { ...query, sort: 'rank', order: 'asc' });
    expect(new URLSearchParams(search).get('tab')).toBe('kyc');
    expect(new URLSearchParams(search).get('category')).toBe('DEX');
    expect(new URLSearchParams(search).get('q')).toBe('uni');
    expect(queryFromSearch(search)).toMatchObject({ tab: 'kyc', category: 'DEX', keyword: 'uni' });
  });

  it("leaves a column's own default order out", () => {
    expect(
      searchFromQuery('', { ...DEFAULTS, sort: 'score', order: 'desc', page: 1, filters: EMPTY_FILTERS }),
    ).toBe('?sort=score');
    expect(queryFromSearch('?sort=score')).toMatchObject({ sort: 'score', order: 'desc' });
  });

  it('keeps the parameters it does not own, such as the tour flag', () => {
    const search = searchFromQuery('?tour=true&page=2', {
      ...DEFAULTS,
      sort: 'rank',
      order: 'asc',
      page: 3,
      filters: EMPTY_FILTERS,
    });
    expect(new URLSearchParams(search).get('tour')).toBe('true');
    expect(new URLSearchParams(search).get('page')).toBe('3');
  });

  it('falls back to the defaults for garbage', () => {
    expect(queryFromSearch(`?sort=__proto__&order=up&page=-3&kyc=yes&tier=${'x'.repeat(500)}`)).toEqual({
      ...DEFAULTS,
      sort: 'rank',
      order: 'asc',
      page: 1,
      filters: { ...EMPTY_FILTERS, tier: 'x'.repeat(100) },
    });
    expect(queryFromSearch('?page=abc').page).toBe(1);
  });
});
