import { create } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { Location } from '../../../core/models/location';

describe('spec 3: location', () => {
  it('isActive is Active or Disactive, default Active', () => {
    expect(create({ name: 'HQ', latitude: '1', longitude: '2' }, Location).isActive).toBe('Active');
    expect(() =>
      create({ name: 'HQ', latitude: '1', longitude: '2', isActive: 'Disactive' }, Location),
    ).not.toThrow();
    expect(() =>
      create({ name: 'HQ', latitude: '1', longitude: '2', isActive: 'Inactive' }, Location),
    ).toThrow();
  });
});
