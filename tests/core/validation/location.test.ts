import { describe, expect, it } from 'vitest';
import { validateLocation } from '../../../core/validation/location';

const valid = {
  name: 'Head office',
  open_time: '08:30',
  close_time: '17:00',
  telephone: '021234567',
  mobile: '0812345678',
  latitude: '13.7563',
  longitude: '100.5018',
};

describe('spec 3, 5, 9: location form', () => {
  it('a complete form passes', () => expect(validateLocation(valid)).toEqual([]));
  it('only name, latitude and longitude are required', () => {
    expect(validateLocation({ name: 'x', latitude: '0', longitude: '0' })).toEqual([]);
  });
  it.each([
    ['name', '', 'This field is required.'],
    ['name', 'x'.repeat(301), 'Please enter no more than 300 characters.'],
    ['open_time', '8:30', 'time is invalid format'],
    ['close_time', '24:00', 'time is invalid format'],
    ['telephone', '02123456789', 'tel is invalid format'],
    ['mobile', '081-234-5678', 'tel is invalid format'],
    ['latitude', '', 'This field is required.'],
    ['latitude', '90.5', 'latitude is invalid format'],
    ['longitude', '180.5', 'longitude is invalid format'],
  ])('spec 5: %s = %j → %j', (field, value, message) => {
    expect(validateLocation({ ...valid, [field]: value })).toEqual([{ field, message }]);
  });
  it('spec 9: phone of exactly 10 digits passes', () => {
    expect(validateLocation({ ...valid, telephone: '0123456789' })).toEqual([]);
  });
  it.each([null, undefined, 'x', 7])('never throws on %j', (form) => {
    expect(validateLocation(form).map((e) => e.field)).toEqual(['name', 'latitude', 'longitude']);
  });
});
