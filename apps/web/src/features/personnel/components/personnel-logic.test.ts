import { BADGE_PALETTE, type Person } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import {
  badgeColor,
  badgeTextColor,
  filterPersonnel,
  parsePersonnelFilters,
  personInitials,
  personnelFiltersSearch,
} from './personnel-logic';

const person = (id: number, name: string, email: string, labels: string[], notes = ''): Person => ({
  id,
  name,
  email,
  labels,
  notes,
  badgeColor: BADGE_PALETTE[id % 12]!,
});

const people = [
  person(1, 'Ava Nguyen', 'ava@example.com', ['Sales', 'Installer']),
  person(2, 'Ben Carter', 'ben@example.com', ['Measurer'], 'Prefers mornings'),
  person(3, 'Chloe Park', 'chloe@example.com', []),
];

describe('badge initials (§2)', () => {
  it('first letters of one or two words; first and last when more than two', () => {
    expect(personInitials('ava')).toBe('A');
    expect(personInitials('Ava Nguyen')).toBe('AN');
    expect(personInitials('Mary Jane van Dyke')).toBe('MD');
    expect(personInitials('  Ben   Carter ')).toBe('BC');
    expect(personInitials('')).toBe('');
  });
});

describe('badge colour', () => {
  it('uses the stored colour, else a palette colour picked by id', () => {
    expect(badgeColor({ id: 5, badgeColor: '#123456' })).toBe('#123456');
    expect(badgeColor({ id: 5, badgeColor: '' })).toBe(BADGE_PALETTE[5]);
    expect(BADGE_PALETTE).toHaveLength(12);
  });

  it('picks readable initials: white on dark, black on light', () => {
    expect(badgeTextColor('#1971c2')).toBe('#fff');
    expect(badgeTextColor('#ffffff')).toBe('#000');
    expect(badgeTextColor('#f08c00')).toBe('#000');
  });
});

describe('personnel filters', () => {
  it('reads search and the labels in status from the URL and writes them back', () => {
    const filters = parsePersonnelFilters({ search: ' ben ', status: 'Sales, Installer,,Sales' });
    expect(filters).toEqual({ search: 'ben', labels: ['Sales', 'Installer'] });
    expect(personnelFiltersSearch(filters)).toEqual({ search: 'ben', status: 'Sales,Installer' });
    expect(personnelFiltersSearch({ search: '', labels: [] })).toEqual({
      search: undefined,
      status: undefined,
    });
  });

  it('search matches name, email, notes and labels, ignoring case', () => {
    const ids = (search: string) => filterPersonnel(people, { search, labels: [] }).map((p) => p.id);
    expect(ids('')).toEqual([1, 2, 3]);
    expect(ids('CHLOE')).toEqual([3]);
    expect(ids('ben@')).toEqual([2]);
    expect(ids('mornings')).toEqual([2]);
    expect(ids('install')).toEqual([1]);
    expect(ids('nobody')).toEqual([]);
  });

  it('labels keep people with any chosen label, combined with the search', () => {
    const ids = (labels: string[], search = '') =>
      filterPersonnel(people, { search, labels }).map((p) => p.id);
    expect(ids(['Sales'])).toEqual([1]);
    expect(ids(['sales', 'Measurer'])).toEqual([1, 2]);
    expect(ids(['Measurer'], 'ava')).toEqual([]);
  });
});
